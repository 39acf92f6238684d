import Foundation
import TesseraCore

/// A Lottie animation (Bodymovin JSON, versions 4 and 5, or a dotLottie file) as a Core Animation layer tree, the way
/// lottie-ios's Core Animation engine plays it: layers with `CAKeyframeAnimation`s that
/// evaluate at any time, for `LayerRenderer` and `AnimationExport`.
///
/// ```swift
/// let animation = try LottieAnimation(contentsOf: URL(fileURLWithPath: "loader.json"))
/// let pixmap = try Pixmap(width: Int(animation.size.width), height: Int(animation.size.height))
/// LayerRenderer().render(animation.rootLayer, at: animation.duration / 2, into: pixmap)
/// for item in animation.skipped { print(item) }     // what is not drawn, and why
/// ```
///
/// Time 0 of ``rootLayer`` is the animation's in point; it ends at ``duration``. The root's own
/// timing (`speed`, `timeOffset`, `beginTime`) is left to the caller, to pause or scrub it.
///
/// Drawn: shape layers (groups with their transforms; rectangles, ellipses, polystars and
/// Bézier paths; fills, gradient fills and strokes with caps, joins, miter limits and dashes;
/// trims with offsets, rounded corners, repeaters), solids, images (embedded or beside the file),
/// text from the file's glyph outlines (or a `CATextLayer` without them), null layers as parents,
/// precompositions with their start time, stretch, time remapping and clipping, parenting, layer
/// transforms (anchor, position with split x and y, motion paths and auto-orient, scale,
/// rotation, skew, opacity), masks, mattes of every mode, blend modes, drop shadows, in and out
/// points, keyframes with per-dimension Bézier easing and holds. See <doc:RenderingLottie> for
/// how the tree is built. What the file has beyond that (expressions, text animators, other
/// effects, merge paths…) is listed in ``skipped``; it never fails the file.
///
/// Bad input fails with a ``LottieError``: not JSON, not a Lottie document (a missing or
/// mistyped field, names its place), over a limit (files over 256 MB, JSON nested over 256
/// deep, a non-positive or absurd size or frame rate, more than 100,000 layers counting each
/// use of a precomposition; in a dotLottie zip more than 10,000 entries, an entry over 64 MB or
/// 256 MB in all once decompressed), or a precomposition that includes itself.
public final class LottieAnimation {
    /// A named time of the animation (`markers` in the file).
    public struct Marker: Sendable, Equatable {
        /// Its name in the file.
        public let name: String
        /// Its start, in seconds from the in point.
        public let time: Double
        /// Its length in seconds.
        public let duration: Double
    }

    /// The largest file read.
    public static let maximumFileSize = 256 << 20

    /// The root of the tree: the composition's size, its layers inside.
    public let rootLayer: CALayer
    /// The composition's size in points.
    public let size: CGSize
    /// Frames per second.
    public let frameRate: Double
    /// The first frame and the frame after the last one, in the file's numbering.
    public let frames: Range<Double>
    /// The length in seconds.
    public var duration: Double { (frames.upperBound - frames.lowerBound) / frameRate }
    /// The named times of the animation, in the file's order.
    public let markers: [Marker]
    /// The Bodymovin version that wrote the file, when it says.
    public let version: String?
    /// What the tree leaves out or draws differently from the file, in the order met.
    public let skipped: [SkippedFeature]

    /// Reads the animation in a Lottie JSON file, or animation `animation` (by default the
    /// first) of a dotLottie file (`.lottie`, told by its extension), with what `configuration`
    /// provides in place of the file's values, images, texts and fonts.
    public convenience init(
        contentsOf url: URL, animation: String? = nil, configuration: Configuration = Configuration()
    ) throws(LottieError) {
        if url.pathExtension.lowercased() == "lottie" {
            var zip = try DotLottie(contentsOf: url)
            let id = animation ?? zip.animationIDs[0]
            guard zip.animationIDs.contains(id) else {
                throw .invalidDocument(
                    path: "manifest.json", reason: "no animation \"\(id)\"; it has \(zip.animationIDs.joined(separator: ", "))")
            }
            let data = try zip.animation(id)
            try self.init(data: data, configuration: configuration) { zip.image($0) }
            return
        }
        let data: Data
        do {
            // stat(2) first: FileManager's attributes bridge through NSDictionary, dear at a small
            // file's start; its error, when stat fails, is the one reported.
            var status = stat()
            let size =
                stat(url.path, &status) == 0
                ? Int(status.st_size) : try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
            guard size <= Self.maximumFileSize else {
                throw LottieError.limitExceeded(path: "", reason: "a file of \(size) bytes (at most \(Self.maximumFileSize))")
            }
            data = try Data(contentsOf: url)
        } catch let error as LottieError {
            throw error
        } catch {
            throw .unreadableFile((error as NSError).localizedDescription)
        }
        try self.init(data: data, configuration: configuration) { asset in
            asset.file(besides: url).flatMap { try? Data(contentsOf: $0) }
        }
    }

    /// ``init(contentsOf:animation:configuration:)`` for a file's path: a JSON file is read
    /// without a `URL` (making a file URL costs a small file's load some 700,000 instructions of
    /// the runtime's conformance lookups), anything else (a dotLottie file, a file that cannot be
    /// read, one over the limit) through one, with the same errors.
    package convenience init(
        contentsOfFile path: String, animation: String? = nil, configuration: Configuration = Configuration()
    ) throws(LottieError) {
        var status = stat()
        guard PathName.pathExtension(of: path).lowercased() != "lottie", stat(path, &status) == 0,
            Int(status.st_size) <= Self.maximumFileSize, let bytes = FileBytes.read(atPath: path, size: Int(status.st_size))
        else {
            try self.init(contentsOf: URL(fileURLWithPath: path), animation: animation, configuration: configuration)
            return
        }
        try self.init(bytes: bytes, configuration: configuration) { asset in
            asset.file(besides: URL(fileURLWithPath: path)).flatMap { try? Data(contentsOf: $0) }
        }
    }

    /// The ids of the animations in a dotLottie file, in its manifest's order.
    public static func animations(inDotLottieAt url: URL) throws(LottieError) -> [String] {
        try DotLottie(contentsOf: url).animationIDs
    }

    /// Reads the animation in the bytes of a Lottie JSON document (its images must be embedded,
    /// or given by `configuration`'s image provider).
    public convenience init(data: Data, configuration: Configuration = Configuration()) throws(LottieError) {
        try self.init(data: data, configuration: configuration) { _ in nil }
    }

    /// Reads the animation in `data`, its images that are not embedded from `imageFiles`.
    convenience init(data: Data, configuration: Configuration, imageFiles: @escaping (ImageAsset) -> Data?) throws(LottieError) {
        // Checked before the copy too: a document too large is not copied to be refused.
        guard data.count <= Self.maximumFileSize else {
            throw .limitExceeded(path: "", reason: "a document of \(data.count) bytes (at most \(Self.maximumFileSize))")
        }
        try self.init(bytes: [UInt8](data), configuration: configuration, imageFiles: imageFiles)
    }

    /// Reads the animation in the bytes of a JSON document, its images that are not embedded
    /// from `imageFiles`.
    private init(bytes: [UInt8], configuration: Configuration, imageFiles: @escaping (ImageAsset) -> Data?) throws(LottieError) {
        if let viewport = configuration.viewport, !(viewport.width > 0 && viewport.height > 0) {
            throw .invalidProvider(reason: "a viewport of \(viewport.width)×\(viewport.height) points")
        }
        guard bytes.count <= Self.maximumFileSize else {
            throw .limitExceeded(path: "", reason: "a document of \(bytes.count) bytes (at most \(Self.maximumFileSize))")
        }
        let json: JSONDocument
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            let (line, column) = JSONParser.lineAndColumn(of: error.offset, in: bytes)
            throw .malformedJSON(line: line, column: column, reason: error.reason)
        }
        var document = try LottieDocument(json)
        try LayerCount.check(document, limit: BuildReport.maximumLayerCount)
        let report = BuildReport()
        ProviderApplication(configuration: configuration, report: report, fonts: document.fonts).apply(to: &document)
        let animator = Animator(frameRate: document.frameRate)
        let size = CGSize(width: document.width, height: document.height)
        // The composition's frames as seconds of its layer's time: time 0 of the root is the in point.
        let composition = CALayer()
        composition.name = "composition"
        composition.anchorPoint = .zero
        composition.bounds = CGRect(origin: .zero, size: size)
        composition.timeOffset = animator.seconds(document.inPoint)
        let images = ImageLibrary(assets: document.images, files: imageFiles, provider: configuration.imageProvider)
        composition.sublayers = try CompositionLayers(document: document, animator: animator, report: report, images: images)
            .layers(document.layers, size: size, path: "", visibleFrames: document.inPoint...document.outPoint)
        let root = CALayer()
        root.name = "Lottie"
        root.anchorPoint = .zero
        root.bounds = composition.bounds
        root.masksToBounds = true
        root.addSublayer(composition)
        if let viewport = configuration.viewport { Self.show(viewport, of: composition, in: size) }
        rootLayer = root
        self.size = size
        frameRate = document.frameRate
        frames = document.inPoint..<document.outPoint
        markers = document.markers.map {
            Marker(name: $0.name, time: ($0.time - document.inPoint) / document.frameRate, duration: $0.duration / document.frameRate)
        }
        version = document.version
        skipped = report.skipped
        configuration.keepDecodedModel?(DecodedModel(json: json, document: document))
    }

    /// What an animation is read into, for ``Configuration/keepDecodedModel``.
    private final class DecodedModel {
        let json: JSONDocument
        let document: LottieDocument

        init(json: JSONDocument, document: LottieDocument) {
            self.json = json
            self.document = document
        }
    }

    /// Scales and moves the composition so that `viewport` fills a frame of `size` (aspect kept,
    /// centered), as lottie-ios lays out a `viewportFrame`.
    private static func show(_ viewport: CGRect, of composition: CALayer, in size: CGSize) {
        let scale =
            viewport.width / viewport.height > size.width / size.height ? size.width / viewport.width : size.height / viewport.height
        composition.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        composition.position = CGPoint(x: size.width / 2, y: size.height / 2)
        composition.transform = CATransform3DTranslate(
            CATransform3DMakeScale(scale, scale, 1), size.width / 2 - viewport.midX, size.height / 2 - viewport.midY, 0)
    }
}

import Foundation
import TesseraCore

extension LottieAnimation {
    /// What an app puts in an animation besides the file, as lottie-ios's providers do: values for
    /// properties named by keypaths, images, texts and fonts, and a viewport. Applied when the
    /// layer tree is built: the tree then evaluates as it does for the file alone.
    ///
    /// ```swift
    /// var configuration = LottieAnimation.Configuration()
    /// configuration.setValue(LottieValueProvider(.color(LottieColor(red: 1, green: 0, blue: 0))), for: "**.Fill 1.Color")
    /// configuration.textProvider = .dictionary(["title": "Hello"])
    /// let animation = try LottieAnimation(contentsOf: url, configuration: configuration)
    /// ```
    ///
    /// A keypath that names nothing changes nothing (as in lottie-ios).
    public struct Configuration: Sendable {
        /// The value providers in the order set; where several match a property, the last set wins.
        public private(set) var values: [(keypath: AnimationKeypath, provider: LottieValueProvider)] = []
        /// Images in place of the file's.
        public var imageProvider: LottieImageProvider?
        /// Texts in place of the file's.
        public var textProvider: LottieTextProvider?
        /// Fonts in place of the file's, for text the file has no glyph outlines for.
        public var fontProvider: LottieFontProvider?
        /// The rectangle of the composition (in its points) shown: scaled to fit the animation's
        /// size (aspect kept, centered), as lottie-ios's `viewportFrame`. Its width and height
        /// must be positive.
        public var viewport: CGRect?
        /// Given what the animation was read into (the parsed JSON and the document's model) once
        /// its layers are built, for a caller that keeps it rather than having it freed then: the
        /// command-line tool, about to exit, keeps it until the exit unmaps it (freeing a large
        /// file's model value by value costs more instructions than reading it). nil: freed.
        package var keepDecodedModel: (@Sendable (AnyObject) -> Void)?

        /// No providers and no viewport: the file as it is.
        public init() {}

        /// Sets the property (or properties) `keypath` names to `provider`'s values, in place of
        /// any provider set before for the same keypath.
        public mutating func setValue(_ provider: LottieValueProvider, for keypath: AnimationKeypath) {
            values.removeAll { $0.keypath == keypath }
            values.append((keypath, provider))
        }

        /// The provider for the property at full path `path`: the last set whose keypath matches.
        func valueProvider(for path: [String]) -> LottieValueProvider? {
            let full = AnimationKeypath(keys: path)
            return values.last { $0.keypath.matches(full) }?.provider
        }

        /// Whether it changes anything of the document's layers (not only images or the viewport).
        var rewritesLayers: Bool { !values.isEmpty || textProvider != nil || fontProvider != nil }
    }
}

/// Images in place of a file's image assets, as lottie-ios's `AnimationImageProvider`: PNG or JPEG
/// bytes by asset id or file name (`p`), or one image for every asset, drawn in the asset's size
/// as `contentsGravity` says.
public struct LottieImageProvider: Sendable {
    /// By asset id (`id`) or file name (`p`).
    public var images: [String: Data]
    /// For the assets `images` does not name; nil leaves them as the file has them.
    public var everyImage: Data?
    /// How an image fills its asset's size (lottie-ios's default: `.resize`).
    public var contentsGravity: CALayerContentsGravity

    /// Images by asset (`images`, keyed by the asset's `id` or its file name), `everyImage` for the
    /// assets not named, placed with `contentsGravity`.
    public init(images: [String: Data] = [:], everyImage: Data? = nil, contentsGravity: CALayerContentsGravity = .resize) {
        self.images = images
        self.everyImage = everyImage
        self.contentsGravity = contentsGravity
    }

    /// The bytes for the asset `id` with file name `path`, if provided.
    func image(id: String, path: String) -> Data? {
        images[id] ?? images[path] ?? everyImage
    }
}

/// Texts in place of a text layer's, as lottie-ios's `AnimationKeypathTextProvider`: from the
/// layer's keypath (``AnimationKeypath``: the precomposition layers' names and its own) and the
/// file's text, the text to show, or nil to keep the file's.
public struct LottieTextProvider: Sendable {
    let text: @Sendable (AnimationKeypath, String) -> String?

    /// A provider calling `text` with each text layer's keypath and the file's text.
    public init(_ text: @escaping @Sendable (_ keypath: AnimationKeypath, _ sourceText: String) -> String?) {
        self.text = text
    }

    /// The same text in every text layer.
    public static func fixed(_ text: String) -> LottieTextProvider {
        LottieTextProvider { _, _ in text }
    }

    /// As lottie-ios's `DictionaryTextProvider`: the text for the layer's full keypath
    /// (`ENVELOPE.sender_name`), else for its name alone (`sender_name`), else the file's.
    public static func dictionary(_ texts: [String: String]) -> LottieTextProvider {
        LottieTextProvider { keypath, _ in texts[keypath.description] ?? keypath.keys.last.flatMap { texts[$0] } }
    }
}

/// Fonts in place of a text's, as lottie-ios's `AnimationFontProvider`: from the font family the
/// file names and the text's size, the name of a font to set it in and the size, or nil to keep
/// the file's. Text so set is drawn with the font (through `CATextLayer`), never from the file's
/// glyph outlines.
public struct LottieFontProvider: Sendable {
    let font: @Sendable (String, Double) -> (name: String, size: Double)?

    /// A provider calling `font` with each text's font family and size.
    public init(_ font: @escaping @Sendable (_ family: String, _ size: Double) -> (name: String, size: Double)?) {
        self.font = font
    }

    /// The same font and size for every text.
    public static func fixed(name: String, size: Double) -> LottieFontProvider {
        LottieFontProvider { _, _ in (name, size) }
    }
}

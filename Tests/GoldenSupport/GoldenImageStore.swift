import Foundation
import Testing
import TesseraRaster

/// Golden-image comparison for rendered pixmaps, against PNGs in a test target's `Golden/`
/// folder, shared by the test targets (each makes one store with its own `Bundle.module`).
///
/// - **Comparing** (the default): the golden is read from the test bundle (the test target
///   copies the `Golden` folder as a resource) and compared with the pixmap exactly, byte for
///   byte, unless a `tolerance` (the largest difference allowed in any channel) is given. On a
///   mismatch the check fails with the number of differing pixels and the largest channel
///   difference, and writes `<name>-actual.png`, `<name>-expected.png` and `<name>-diff.png` to
///   ``failureDirectory`` (the paths are in the message). In the diff image, equal pixels are a
///   dim gray copy of the expected image and differing pixels are red, brighter for larger
///   differences.
/// - **Recording**: with the environment variable `TESSERA_RECORD_GOLDENS=1`, the pixmap is
///   written as the golden into the source tree, and the check *fails*, saying so, so that a run
///   that records can never pass silently (on CI or elsewhere). Run once more without the
///   variable to verify. Goldens are stored as PNG (straight alpha); a premultiplied pixmap
///   survives the round trip exactly when the codec rounds both ways, and fully opaque images
///   always do.
public struct GoldenImageStore: Sendable {
    public static let recordVariable = "TESSERA_RECORD_GOLDENS"

    public static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// Where the images of a failed comparison go.
    public static var failureDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tessera-golden-failures", isDirectory: true)
    }

    /// The test bundle holding the `Golden` folder.
    let bundle: Bundle
    /// The `Golden` folder in the source tree, where recording writes.
    let sourceDirectory: URL

    public init(bundle: Bundle, sourceDirectory: URL) {
        self.bundle = bundle
        self.sourceDirectory = sourceDirectory
    }

    /// The golden's URL in the test bundle, or nil when it was never recorded.
    func bundledURL(named name: String) -> URL? {
        if let url = bundle.url(forResource: name, withExtension: "png", subdirectory: "Golden") {
            return url
        }
        guard let resources = bundle.resourceURL else { return nil }
        let url = resources.appendingPathComponent("Golden/\(name).png")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// How two images of the same size differ.
    public struct Difference: Equatable, Sendable {
        /// Pixels where any channel differs by more than the tolerance.
        public var pixelCount: Int
        /// The largest difference in any channel of any pixel.
        public var maxChannelDifference: Int

        public init(pixelCount: Int, maxChannelDifference: Int) {
            self.pixelCount = pixelCount
            self.maxChannelDifference = maxChannelDifference
        }
    }

    /// Compares two pixmaps of the same size channel by channel; nil when the sizes differ.
    public static func difference(_ actual: Pixmap, _ expected: Pixmap, tolerance: Int = 0) -> Difference? {
        guard actual.width == expected.width, actual.height == expected.height else { return nil }
        var result = Difference(pixelCount: 0, maxChannelDifference: 0)
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let d = channelDifference(actual[x, y], expected[x, y])
                result.maxChannelDifference = max(result.maxChannelDifference, d)
                if d > tolerance { result.pixelCount += 1 }
            }
        }
        return result
    }

    public static func channelDifference(_ a: PremultipliedRGBA8, _ b: PremultipliedRGBA8) -> Int {
        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
    }

    /// The diff image described in the type's documentation.
    public static func diffImage(_ actual: Pixmap, _ expected: Pixmap, tolerance: Int = 0) throws -> Pixmap {
        let diff = try Pixmap(width: expected.width, height: expected.height)
        let maxDifference = max(1, difference(actual, expected)?.maxChannelDifference ?? 1)
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let e = expected[x, y]
                let d = channelDifference(actual[x, y], e)
                if d > tolerance {
                    diff[x, y] = PremultipliedRGBA8(r: UInt8(96 + 159 * d / maxDifference), g: 0, b: 0, a: 255)
                } else {
                    let sum: Int = Int(e.r) + Int(e.g) + Int(e.b)
                    let gray = UInt8(sum / 12 + 32 * Int(e.a) / 255)
                    diff[x, y] = PremultipliedRGBA8(r: gray, g: gray, b: gray, a: 255)
                }
            }
        }
        return diff
    }

    /// Compares `pixmap` with the golden `Golden/<name>.png` (or records it; see the type's
    /// documentation): nil when they match, else what went wrong. `tolerance` is the largest
    /// channel difference accepted, 0 by default.
    public func check(_ pixmap: Pixmap, named name: String, tolerance: Int = 0) -> String? {
        if Self.isRecording {
            let url = sourceDirectory.appendingPathComponent("\(name).png")
            do {
                try FileManager.default.createDirectory(at: sourceDirectory, withIntermediateDirectories: true)
                try pixmap.writePNG(to: url.path)
                return "Recorded golden image \(url.path) (\(Self.recordVariable)=1). Review it, then run again without \(Self.recordVariable) to verify."
            } catch {
                return "Could not record golden image \(url.path): \(error)"
            }
        }

        guard let url = bundledURL(named: name) else {
            let saved = save(["actual": pixmap], name: name)
            return """
                No golden image Golden/\(name).png. Record it with \(Self.recordVariable)=1 swift test --filter …, \
                review it and commit it. \(saved)
                """
        }
        let expected: Pixmap
        do {
            expected = try Pixmap(contentsOfPNGFile: url.path)
        } catch {
            return "Could not read golden image \(url.path): \(error)"
        }
        guard let difference = Self.difference(pixmap, expected, tolerance: tolerance) else {
            let saved = save(["actual": pixmap, "expected": expected], name: name)
            return """
                Golden image \(name): size \(pixmap.width)×\(pixmap.height), expected \
                \(expected.width)×\(expected.height). \(saved)
                """
        }
        guard difference.pixelCount > 0 else { return nil }
        var images = ["actual": pixmap, "expected": expected]
        if let diff = try? Self.diffImage(pixmap, expected, tolerance: tolerance) { images["diff"] = diff }
        let saved = save(images, name: name)
        return """
            Golden image \(name): \(difference.pixelCount) of \(pixmap.width * pixmap.height) pixels differ \
            (max channel difference \(difference.maxChannelDifference), tolerance \(tolerance)). \(saved)
            """
    }

    /// Writes `images` as `<name>-<key>.png` to ``Self.failureDirectory``; returns a sentence listing them.
    private func save(_ images: [String: Pixmap], name: String) -> String {
        var written: [String] = []
        do {
            try FileManager.default.createDirectory(at: Self.failureDirectory, withIntermediateDirectories: true)
            for (kind, image) in images.sorted(by: { $0.key < $1.key }) {
                let path = Self.failureDirectory.appendingPathComponent("\(name)-\(kind).png").path
                try image.writePNG(to: path)
                written.append(path)
            }
        } catch {
            return "Could not write the failure images: \(error)"
        }
        return "Wrote " + written.joined(separator: ", ")
    }

    /// Records an issue unless `pixmap` matches the golden `name` (see ``check(_:named:tolerance:)``).
    public func expectMatch(_ pixmap: Pixmap, named name: String, tolerance: Int = 0,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = check(pixmap, named: name, tolerance: tolerance) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }
}

import Foundation
import Testing
import TesseraRaster

/// Golden-image comparison for rendered pixmaps, against PNGs in `Tests/TesseraRasterTests/Golden/`.
///
/// - **Comparing** (the default): the golden is read from the test bundle (`Bundle.module`; the
///   test target copies the `Golden` folder as a resource) and compared with the pixmap exactly,
///   byte for byte, unless a `tolerance` (the largest difference allowed in any channel) is given.
///   On a mismatch the test fails with the number of differing pixels and the largest channel
///   difference, and writes `<name>-actual.png`, `<name>-expected.png` and `<name>-diff.png` to
///   ``failureDirectory`` (the paths are in the failure message). In the diff image, equal pixels
///   are a dim gray copy of the expected image and differing pixels are red, brighter for larger
///   differences.
/// - **Recording**: with the environment variable `TESSERA_RECORD_GOLDENS=1`, the pixmap is
///   written as the golden into the source tree (found from this file's `#filePath`), and the test
///   *fails*, saying so, so that a run that records can never pass silently (on CI or elsewhere).
///   Run once more without the variable to verify. Goldens are stored as PNG (straight alpha); a
///   premultiplied pixmap survives the round trip exactly when the codec rounds both ways, and
///   fully opaque images always do.
enum GoldenImage {
    static let recordVariable = "TESSERA_RECORD_GOLDENS"

    static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// `Tests/TesseraRasterTests/Golden` in the source tree (this file is in `…/Support/`).
    static var sourceDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Golden", isDirectory: true)
    }

    /// Where the images of a failed comparison go.
    static var failureDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tessera-golden-failures", isDirectory: true)
    }

    /// The golden's URL in the test bundle, or nil when it was never recorded.
    static func bundledURL(named name: String) -> URL? {
        if let url = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "Golden") {
            return url
        }
        guard let resources = Bundle.module.resourceURL else { return nil }
        let url = resources.appendingPathComponent("Golden/\(name).png")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// How two images of the same size differ.
    struct Difference: Equatable {
        /// Pixels where any channel differs by more than the tolerance.
        var pixelCount: Int
        /// The largest difference in any channel of any pixel.
        var maxChannelDifference: Int
    }

    /// Compares two pixmaps of the same size channel by channel; nil when the sizes differ.
    static func difference(_ actual: Pixmap, _ expected: Pixmap, tolerance: Int = 0) -> Difference? {
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

    static func channelDifference(_ a: PremultipliedRGBA8, _ b: PremultipliedRGBA8) -> Int {
        max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
    }

    /// The diff image described in the type's documentation.
    static func diffImage(_ actual: Pixmap, _ expected: Pixmap, tolerance: Int = 0) throws -> Pixmap {
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
    /// documentation). `tolerance` is the largest channel difference accepted, 0 by default.
    static func expectMatch(_ pixmap: Pixmap, named name: String, tolerance: Int = 0,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        if isRecording {
            let url = sourceDirectory.appendingPathComponent("\(name).png")
            do {
                try FileManager.default.createDirectory(at: sourceDirectory, withIntermediateDirectories: true)
                try pixmap.writePNG(to: url.path)
                Issue.record("Recorded golden image \(url.path) (\(recordVariable)=1). Review it, then run again without \(recordVariable) to verify.",
                             sourceLocation: sourceLocation)
            } catch {
                Issue.record("Could not record golden image \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }

        guard let url = bundledURL(named: name) else {
            let saved = save(["actual": pixmap], name: name)
            Issue.record("""
                No golden image Golden/\(name).png. Record it with \(recordVariable)=1 swift test --filter …, \
                review it and commit it. \(saved)
                """, sourceLocation: sourceLocation)
            return
        }
        let expected: Pixmap
        do {
            expected = try Pixmap(contentsOfPNGFile: url.path)
        } catch {
            Issue.record("Could not read golden image \(url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        guard let difference = difference(pixmap, expected, tolerance: tolerance) else {
            let saved = save(["actual": pixmap, "expected": expected], name: name)
            Issue.record("""
                Golden image \(name): size \(pixmap.width)×\(pixmap.height), expected \
                \(expected.width)×\(expected.height). \(saved)
                """, sourceLocation: sourceLocation)
            return
        }
        guard difference.pixelCount > 0 else { return }
        var images = ["actual": pixmap, "expected": expected]
        if let diff = try? diffImage(pixmap, expected, tolerance: tolerance) { images["diff"] = diff }
        let saved = save(images, name: name)
        Issue.record("""
            Golden image \(name): \(difference.pixelCount) of \(pixmap.width * pixmap.height) pixels differ \
            (max channel difference \(difference.maxChannelDifference), tolerance \(tolerance)). \(saved)
            """, sourceLocation: sourceLocation)
    }

    /// Writes `images` as `<name>-<key>.png` to ``failureDirectory``; returns a sentence listing them.
    private static func save(_ images: [String: Pixmap], name: String) -> String {
        var written: [String] = []
        do {
            try FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
            for (kind, image) in images.sorted(by: { $0.key < $1.key }) {
                let path = failureDirectory.appendingPathComponent("\(name)-\(kind).png").path
                try image.writePNG(to: path)
                written.append(path)
            }
        } catch {
            return "Could not write the failure images: \(error)"
        }
        return "Wrote " + written.joined(separator: ", ")
    }
}

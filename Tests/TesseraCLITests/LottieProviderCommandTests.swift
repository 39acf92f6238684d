import Foundation
import Testing
import TesseraRaster

/// `tessera render`'s --value, --image, --text, --font and --viewport for Lottie animations.
@Suite struct LottieProviderCommandTests {
    /// Renders ``LottieCommandTests/animation`` at its in point (the square at 0…10) with `options`.
    static func render(_ options: [String]) throws -> (status: Int32, stderr: String, pixmap: Pixmap?) {
        let (folder, path) = try LottieCommandTests.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("frame.png").path
        let result = try CLI.run(["render", path, "-o", out] + options)
        let pixmap = result.status == 0 ? try Pixmap(pngData: [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))) : nil
        return (result.status, result.stderr, pixmap)
    }

    @Test func valueSetsTheColor() throws {
        let result = try Self.render(["--value", "square.**.Color=#00FF00"])
        let pixmap = try #require(result.pixmap, "\(result.stderr)")
        #expect(pixmap[5, 5] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255) && pixmap[15, 5].a == 0)
    }

    /// Keyframes FRAME:VALUE;…, in the file's frames (the in point is frame 5).
    @Test func keyframedPosition() throws {
        let result = try Self.render(["--value", "square.Transform.Position=5:10,10;15:10,10"])
        let pixmap = try #require(result.pixmap, "\(result.stderr)")
        #expect(pixmap[5, 5].a == 0 && pixmap[15, 15].r == 255)
    }

    @Test func viewportFillsTheFrame() throws {
        let result = try Self.render(["--viewport", "0,0,10,10"])
        let pixmap = try #require(result.pixmap, "\(result.stderr)")
        #expect(pixmap[19, 19].r == 255 && pixmap[0, 0].r == 255)
    }

    @Test(arguments: [
        ["--value", "square.Color=#12"], ["--value", "square.Color"], ["--viewport", "0,0,0,5"], ["--font", "Serif:big"],
        ["--image-gravity", "sideways"],
    ])
    func badOptionsAreUsageErrors(options: [String]) throws {
        let result = try Self.render(options)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(options[0]), "\(result.stderr)")
    }

    @Test func optionsAreForLottieOnly() throws {
        let result = try CLI.run(["render", "message-dots", "--value", "a.Color=#FF0000", "-o", "-", "--format", "rgba"])
        #expect(result.status == 64 && result.stderr.contains("are for Lottie animations"), "\(result.stderr)")
    }

    /// `convert` writes the tree with the providers applied.
    @Test func convertAppliesThem() throws {
        let (folder, path) = try LottieCommandTests.file()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("square.caar").path
        let converted = try CLI.run(["convert", path, archive, "--value", "square.**.Color=#00FF00", "-q"])
        #expect(converted.status == 0, "\(converted.stderr)")
        let out = folder.appendingPathComponent("square.png").path
        let rendered = try CLI.run(["render", archive, "-o", out, "-q"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let pixmap = try Pixmap(pngData: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(pixmap[5, 5] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
        let other = try CLI.run(["convert", "message-dots", folder.appendingPathComponent("dots.caar").path, "--text", "a=b"])
        #expect(other.status == 64 && other.stderr.contains("are for Lottie animations"), "\(other.stderr)")
    }
}

/// `tessera render --font-file`: fonts registered before the scene is read.
@Suite struct FontFileCommandTests {
    /// A font file that cannot be read as a font: exit 66, naming it.
    @Test(arguments: ["/nonexistent/font.ttf", "/etc/hostname"])
    func unreadableFontFilesAre66(file: String) throws {
        let result = try LottieProviderCommandTests.render(["--font-file", file])
        #expect(result.status == 66 && result.stderr.contains(file), "\(result.stderr)")
    }

    /// A font file that reads renders as without it (the animation has no text).
    @Test func aFontFileRegisters() throws {
        let result = try LottieProviderCommandTests.render(["--font-file", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"])
        let pixmap = try #require(result.pixmap, "\(result.stderr)")
        #expect(pixmap[5, 5].r == 255)
    }
}

import Foundation
import Testing
import Tessera
import TesseraRaster

/// What `tessera render` writes: one PNG, numbered PNGs, animated PNGs, raw streams, videos,
/// standard output; the length rule and its warning; the background.
@Suite struct RenderOutputTests {
    @Test func versionIsPrinted() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self).hasPrefix("tessera "))
    }

    /// Negative numbers are values where they mean something (`--time -0.5` was read as a
    /// missing value); before the checkmark begins nothing of the check is drawn.
    @Test func negativeTimeIsAValue() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", "checkmark", "--time", "-0.5", "-o", "early.png", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let pixmap = try Pixmap(contentsOfPNGFile: folder.appendingPathComponent("early.png").path)
        #expect(pixmap.width == 120 && pixmap.height == 120)
    }

    /// `-o -` writes the same bytes as `-o FILE`: one PNG, and a raw stream.
    @Test func standardOutputHasTheFileBytes() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.run(["render", "checkmark", "--time", "0.3", "-o", "check.png"], in: folder)
        let piped = try CLI.run(["render", "checkmark", "--time", "0.3", "-o", "-"], in: folder)
        #expect(file.status == 0 && piped.status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("check.png")) == piped.stdout)
        let raw = try CLI.run(["render", "checkmark", "--frames", "4", "-o", "frames.rgba"], in: folder)
        let rawPiped = try CLI.run(["render", "checkmark", "--frames", "4", "-o", "-", "--format", "rgba"], in: folder)
        #expect(raw.status == 0 && rawPiped.status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("frames.rgba")) == rawPiped.stdout)
    }

    /// A raw stream of N frames is exactly N × W × H × 4 bytes.
    @Test func rawStreamSize() throws {
        let result = try CLI.run(["render", "message-dots", "--frames", "7", "--scale", "0.5", "-o", "-", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let demoSize = (width: 75, height: 50)   // message-dots is 150 × 100 points
        #expect(result.stdout.count == 7 * demoSize.width * demoSize.height * 4)
    }

    @Test func numberedFramesIntoAFolder() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", "checkmark", "--frames", "3", "-o", "frames/"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.contents(of: folder.appendingPathComponent("frames"))
            == ["checkmark-0001.png", "checkmark-0002.png", "checkmark-0003.png"])
    }

    /// Without --frames or --duration an archive renders one cycle of its animations: the
    /// checkmark's last stroke begins at 0.163 s and lasts 0.431 s, so 0.595 s: 18 frames at 30 fps.
    @Test func defaultLengthOfAnArchive() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", CLI.fixture("Checkmark.caar"), "--scale", "0.1", "-o", "check.apng"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("18 frames"))
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("check.apng")))
        #expect(APNG.frameCount(bytes) == 18)
    }

    /// An 80 s animation repeated 9,999 times (a real archive asked for 24 million frames):
    /// one cycle, capped at 60 s with a warning that says how to ask for all of it.
    @Test func longAnimationsAreCappedWithAWarning() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 8, height: 8)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.beginTime = 1e-6
        fade.duration = 80
        fade.repeatCount = 9_999
        root.add(fade, forKey: "fade")
        let archive = folder.appendingPathComponent("Long.caar")
        try SceneDocument(rootLayer: root, documentSize: CGSize(width: 8, height: 8)).writeArchive(to: archive)
        let result = try CLI.run(["render", archive.path, "--fps", "1", "-o", "long.apng"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning") && result.stderr.contains("80 s") && result.stderr.contains("--duration 80"))
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("long.apng")))
        #expect(APNG.frameCount(bytes) == 60)
    }

    /// The background shows where the scene is transparent.
    @Test func backgroundColor() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", CLI.fixture("Checkmark.caar"), "--scale", "0.1", "--time", "0",
                                      "--background", "#ff000080", "-o", "bg.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pixmap = try Pixmap(contentsOfPNGFile: folder.appendingPathComponent("bg.png").path)
        #expect(pixmap[0, 0] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 128))
        let bad = try CLI.run(["render", "checkmark", "--background", "#12345", "-o", "x.png"], in: folder)
        #expect(bad.status == 64)
    }

    /// A backdrop blurs and filters the background it is drawn over: an inverting, blurring
    /// backdrop over the right half of an archive, rendered over an image (red left, blue right,
    /// a white stripe) and over a colour.
    @Test func backdropsFilterTheBackground() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        let backdrop = CABackdropLayer()
        backdrop.frame = CGRect(x: 20, y: 0, width: 20, height: 20)
        let invert = CAFilter(type: "colorInvert"), blur = CAFilter(type: "gaussianBlur")
        blur.setValue(2, forKey: "inputRadius")
        blur.setValue(true, forKey: "inputNormalizeEdges")
        backdrop.filters = [invert, blur]
        root.addSublayer(backdrop)
        let archive = folder.appendingPathComponent("Backdrop.caar")
        try SceneDocument(rootLayer: root, documentSize: CGSize(width: 40, height: 20)).writeArchive(to: archive)
        let background = try Pixmap(width: 40, height: 20)
        for y in 0..<20 {
            for x in 0..<40 {
                background[x, y] = x == 30 ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
                    : x < 20 ? PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) : PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
            }
        }
        try background.writePNG(to: folder.appendingPathComponent("under.png").path)
        let result = try CLI.run(["render", archive.path, "--background", "under.png", "-o", "over-image.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pixmap = try Pixmap(contentsOfPNGFile: folder.appendingPathComponent("over-image.png").path)
        #expect(pixmap[5, 10] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))      // outside: as it was
        #expect(pixmap[36, 10] == PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255))   // blue inverted
        // The stripe, inverted to black and blurred into the yellow: 255 (1 − 1 / (σ √(2π))) ≈ 204 at its middle.
        #expect(abs(Int(pixmap[30, 10].r) - 204) <= 4 && pixmap[29, 10].r < 255 && pixmap[29, 10].r > pixmap[30, 10].r && pixmap[29, 10].b == 0,
                "\(pixmap[28, 10]) \(pixmap[29, 10]) \(pixmap[30, 10])")
        let colored = try CLI.run(["render", archive.path, "--background", "#00ff00", "-o", "over-color.png"], in: folder)
        #expect(colored.status == 0, "\(colored.stderr)")
        let green = try Pixmap(contentsOfPNGFile: folder.appendingPathComponent("over-color.png").path)
        #expect(green[5, 10] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
        #expect(green[30, 10] == PremultipliedRGBA8(r: 255, g: 0, b: 255, a: 255))
    }

    @Test func mp4HasItsFrames() throws {
        guard CLI.hasTool("ffmpeg"), CLI.hasTool("ffprobe") else {
            print("skipped: ffmpeg/ffprobe not on PATH (CI installs them)")
            return
        }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", "checkmark", "--frames", "9", "--scale", "0.55", "-o", "check.mp4", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                           "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0",
                           folder.appendingPathComponent("check.mp4").path]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        #expect(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "9")
        #expect(CLI.contents(of: folder) == ["check.mp4"], "no temporary file left")
    }

    @Test func gifOpens() throws {
        guard CLI.hasTool("ffmpeg"), CLI.hasTool("ffprobe") else {
            print("skipped: ffmpeg/ffprobe not on PATH (CI installs them)")
            return
        }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", "message-dots", "--duration", "0.2", "-o", "dots.gif", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("dots.gif")))
        #expect(bytes.starts(with: Array("GIF89a".utf8)))
    }
}

/// Counting the frames of an animated PNG: its acTL chunk's first field.
enum APNG {
    static func frameCount(_ bytes: [UInt8]) -> Int? {
        var at = 8
        while at + 12 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[at + 4..<at + 8], as: UTF8.self) == "acTL" {
                return bytes[at + 8..<at + 12].reduce(0) { $0 << 8 | Int($1) }
            }
            at += 12 + length
        }
        return nil
    }
}

import Foundation
import Testing

/// Every failure of `tessera render` names the file and the reason in words, exits with its
/// sysexits code (64 only for a command line that cannot work as typed) and leaves no file.
@Suite struct RenderErrorTests {
    /// A message a person reads: no Foundation error dump, no Swift value dump.
    static func expectReadable(_ message: String, naming file: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(message.contains(file), "names \(file): \(message)", sourceLocation: sourceLocation)
        for dump in ["NSCocoaErrorDomain", "Error Domain", "io(path", "reason:", "Optional("] {
            #expect(!message.contains(dump), "no dump (\(dump)): \(message)", sourceLocation: sourceLocation)
        }
    }

    @Test func missingFileIs66() throws {
        let result = try CLI.run(["render", "/nonexistent/Missing.caar", "-o", "/tmp/x.png"])
        #expect(result.status == 66)
        Self.expectReadable(result.stderr, naming: "/nonexistent/Missing.caar")
        #expect(result.stderr.contains("No such file or directory"))
    }

    @Test func unknownSceneIs66() throws {
        let result = try CLI.run(["render", "checkmrk"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("checkmrk") && result.stderr.contains("tessera scenes"))
    }

    @Test func directoryIs66() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("Looks.caar")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: false)
        let result = try CLI.run(["render", input.path, "-o", folder.appendingPathComponent("x.png").path])
        #expect(result.status == 66)
        Self.expectReadable(result.stderr, naming: input.path)
        #expect(result.stderr.contains("is a directory"))
    }

    @Test func malformedArchiveIs65() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("Broken.caar")
        try Data("bplist00 this is not an archive".utf8).write(to: input)
        let result = try CLI.run(["render", input.path, "-o", folder.appendingPathComponent("x.png").path])
        #expect(result.status == 65)
        Self.expectReadable(result.stderr, naming: input.path)
        #expect(CLI.contents(of: folder) == ["Broken.caar"])
    }

    @Test func unwritableOutputIs73() throws {
        let result = try CLI.run(["render", "checkmark", "-o", "/nonexistent-folder/check.png"])
        #expect(result.status == 73)
        Self.expectReadable(result.stderr, naming: "/nonexistent-folder/check.png")
    }

    @Test func zeroThreadsIsAUsageError() throws {
        let result = try CLI.run(["render", "checkmark", "--threads", "0", "-o", "/tmp/never.png"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--threads must be in 1…"))
    }

    @Test func sizesOverTheLimitAreRefusedWithTheLimit() throws {
        let result = try CLI.run(["render", "checkmark", "--size", "70000x10"])
        #expect(result.status == 64 && result.stderr.contains("65535"))
        let scaled = try CLI.run(["render", "checkmark", "--scale", "64", "--size", "30000x30000"])
        #expect(scaled.status == 64 && scaled.stderr.contains("268435456"))
    }

    /// `--frames 3 -o out.png` once made a folder named out.png.
    @Test func severalFramesIntoOnePNGAreRefused() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", "checkmark", "--frames", "3", "-o", "out.png"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("out.png") && result.stderr.contains("-o DIR/"))
        #expect(CLI.contents(of: folder).isEmpty)
    }

    /// `-o a.jpg` once wrote PNG bytes into a .jpg.
    @Test func unknownExtensionIsRefused() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", "checkmark", "-o", "a.jpg"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("a.jpg") && result.stderr.contains(".jpg"))
        #expect(CLI.contents(of: folder).isEmpty)
        let mismatch = try CLI.run(["render", "checkmark", "-o", "a.gif", "--format", "mp4"], in: folder)
        #expect(mismatch.status == 64 && mismatch.stderr.contains("a.gif"))
    }

    /// Without ffmpeg a video is refused with how to install it, and no file is left.
    @Test func videoWithoutFFmpegIs69() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let emptyPath = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: emptyPath) }
        let result = try CLI.run(["render", "checkmark", "-o", "check.mp4"], in: folder, environment: ["PATH": emptyPath.path])
        #expect(result.status == 69)
        #expect(result.stderr.contains("ffmpeg") && result.stderr.contains("apt-get install ffmpeg"))
        #expect(CLI.contents(of: folder).isEmpty)
    }

    @Test func mistypedOptionIs64() throws {
        let result = try CLI.run(["render", "checkmark", "--no-such-option"])
        #expect(result.status == 64)
    }
}

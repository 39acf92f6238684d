import Foundation
import Testing
import TesseraRaster

/// The formats ffmpeg encodes, read back with ffprobe (or, for animated WebP, which ffprobe 5
/// cannot decode, by its RIFF chunks). Skipped where ffmpeg or ffprobe is not on PATH.
@Suite(.serialized, .enabled(if: ExportTestSupport.ffmpegFound, "ffmpeg and ffprobe are not on PATH"))
struct FFmpegExportTests {
    typealias Support = ExportTestSupport

    /// What ffprobe prints for the first video stream of a file: `entries` as comma-separated values.
    static func probe(_ path: String, entries: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Support.tool("ffprobe")))
        process.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", entries,
                             "-of", "csv=p=0", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes `count` frames of `width` × `height` and returns the file's path in `folder`.
    static func encode(_ format: FrameFormat, in folder: String, count: Int, width: Int = 33, height: Int = 21) throws -> String {
        let path = folder + "/out." + format.rawValue
        let writer = try FrameWriter(format: format, destination: .file(path), width: width, height: height,
                                     framesPerSecond: 10, frameCount: count)
        for index in 0..<count { try writer.write(try Support.frame(index, width: width, height: height)) }
        #expect(Support.contents(of: folder).count == 1, "only the temporary file")
        try writer.finish()
        #expect(Support.contents(of: folder) == ["out." + format.rawValue])
        return path
    }

    /// Odd sides are padded to even ones for H.264 4:2:0.
    @Test func mp4() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = try Self.encode(.mp4, in: folder, count: 5)
        #expect(try Self.probe(path, entries: "stream=codec_name,width,height,pix_fmt,nb_read_frames") == "h264,34,22,yuv420p,5")
    }

    /// VP9 keeps alpha in side data: the stream says so with the alpha_mode tag.
    @Test func webm() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = try Self.encode(.webm, in: folder, count: 4)
        #expect(try Self.probe(path, entries: "stream=codec_name,width,height,nb_read_frames:stream_tags=alpha_mode")
                == "vp9,33,21,4,1")
    }

    @Test func gif() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = try Self.encode(.gif, in: folder, count: 4)
        #expect(try Self.probe(path, entries: "stream=codec_name,width,height,nb_read_frames") == "gif,33,21,4")
    }

    /// Animated WebP: a VP8X header with the animation and alpha flags, ANIM looping forever, one
    /// ANMF chunk per frame.
    @Test func webp() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let bytes = try Support.bytes(of: try Self.encode(.webp, in: folder, count: 3))
        #expect(bytes.count > 12 && Array(bytes[0..<4]) == Array("RIFF".utf8) && Array(bytes[8..<12]) == Array("WEBP".utf8))
        var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
        var at = 12
        while at + 8 <= bytes.count {
            let length = bytes[at + 4..<at + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            guard at + 8 + length <= bytes.count else { break }
            chunks.append((String(decoding: bytes[at..<at + 4], as: UTF8.self), bytes[at + 8..<at + 8 + length]))
            at += 8 + length + length % 2
        }
        #expect(at == bytes.count)
        let header = try #require(chunks.first { $0.type == "VP8X" }).data
        #expect(header.first.map { $0 & 0x12 } == 0x12, "animation and alpha")
        let animation = try #require(chunks.first { $0.type == "ANIM" }).data
        #expect(Array(animation.suffix(2)) == [0, 0], "loops forever")
        #expect(chunks.filter { $0.type == "ANMF" }.count == 3)
    }

    @Test func cancelStopsFFmpegAndLeavesNothing() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let writer = try FrameWriter(format: .mp4, destination: .file(folder + "/out.mp4"), width: 8, height: 6,
                                     framesPerSecond: 10, frameCount: 3)
        try writer.write(try Support.frame(0))
        writer.cancel()
        #expect(Support.contents(of: folder).isEmpty)
    }
}

/// An ffmpeg that fails: its message comes back in the error, and no file is left. A shell script
/// stands in for ffmpeg, so this runs without it.
@Suite struct FailingFFmpegExportTests {
    typealias Support = ExportTestSupport

    @Test func encoderFailed() throws {
        let folder = try Support.makeFolder(), bin = try Support.makeFolder()
        defer { Support.remove(folder); Support.remove(bin) }
        let script = bin + "/ffmpeg"
        try "#!/bin/sh\necho 'first line' >&2\necho 'Unknown encoder libx264' >&2\nexit 3\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let path = folder + "/out.mp4"
        let writer = try FrameWriter(format: .mp4, destination: .file(path), width: 8, height: 6,
                                     framesPerSecond: 10, frameCount: 2, environment: ["PATH": bin])
        // The pipe may take the frames before the script exits; then finish() sees the failure.
        let error = #expect(throws: FrameWriterError.self) {
            try writer.write(try Support.frame(0))
            try writer.write(try Support.frame(1))
            try writer.finish()
        }
        #expect(error == .encoderFailed(path: path, status: 3, message: "first line; Unknown encoder libx264"))
        #expect(Support.contents(of: folder).isEmpty)
    }

    /// An ffmpeg on PATH that is not executable is no ffmpeg.
    @Test func notExecutable() throws {
        let folder = try Support.makeFolder(), bin = try Support.makeFolder()
        defer { Support.remove(folder); Support.remove(bin) }
        try "".write(toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/ffmpeg", withIntermediateDirectories: false)
        #expect(throws: FrameWriterError.ffmpegNotFound(.gif)) {
            try FrameWriter(format: .gif, destination: .file(folder + "/out.gif"), width: 8, height: 6,
                            framesPerSecond: 10, frameCount: 2, environment: ["PATH": "\(bin):\(folder)"])
        }
        #expect(Support.contents(of: folder) == ["ffmpeg"])
    }
}

import Foundation
import Testing
import TesseraRaster

/// The frame writers Tessera encodes itself (png, apng, rgba, y4m): their bytes, where files go,
/// and what is left after an error or a cancel (nothing).
@Suite struct FrameExportTests {
    typealias Support = ExportTestSupport

    @Test func pathExtensions() {
        #expect(FrameFormat(pathExtension: "PNG") == .png)
        #expect(FrameFormat(pathExtension: "apng") == .apng)
        #expect(FrameFormat(pathExtension: "m4v") == .mp4)
        #expect(FrameFormat(pathExtension: "Mp4") == .mp4)
        #expect(FrameFormat(pathExtension: "raw") == .rgba)
        #expect(FrameFormat(pathExtension: "y4m") == .y4m)
        #expect(FrameFormat(pathExtension: "jpg") == nil)
        #expect(FrameFormat(pathExtension: "") == nil)
        for format in FrameFormat.allCases {
            #expect(format.pathExtensions.first == format.rawValue)
            for pathExtension in format.pathExtensions { #expect(FrameFormat(pathExtension: pathExtension) == format) }
        }
        #expect(FrameFormat.allCases.filter(\.usesFFmpeg) == [.mp4, .webm, .gif, .webp])
        #expect(FrameFormat.allCases.filter { !$0.keepsAlpha } == [.mp4, .y4m])
        #expect(FrameFormat.allCases.filter { !$0.isAnimation } == [.png])
    }

    /// The streaming APNG writer gives the bytes of AnimatedPNG, which holds all the frames.
    @Test func animatedPNGMatchesAnimatedPNG() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = folder + "/out.apng"
        let writer = try FrameWriter(format: .apng, destination: .file(path), width: 8, height: 6,
                                     framesPerSecond: 25, frameCount: 3)
        var animation = AnimatedPNG(framesPerSecond: 25)
        for index in 0..<3 {
            let frame = try Support.frame(index)
            try writer.write(frame)
            try animation.append(frame)
            #expect(Support.contents(of: folder).count == 1, "only the temporary file")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        try writer.finish()
        #expect(writer.framesWritten == 3)
        #expect(try Support.bytes(of: path) == animation.encoded())
        #expect(Support.contents(of: folder) == ["out.apng"])
    }

    @Test func animatedPNGFrameCountIsBinding() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let writer = try FrameWriter(format: .apng, destination: .file(folder + "/out.png"), width: 8, height: 6,
                                     framesPerSecond: 10, frameCount: 3)
        try writer.write(try Support.frame(0))
        try writer.write(try Support.frame(1))
        #expect(throws: FrameWriterError.frameCountMismatch(declared: 3, written: 2)) { try writer.finish() }
        try writer.write(try Support.frame(2))
        #expect(throws: FrameWriterError.frameCountMismatch(declared: 3, written: 4)) { try writer.write(try Support.frame(3)) }
        writer.cancel()
        #expect(Support.contents(of: folder).isEmpty)
    }

    /// rgba: N × W × H × 4 bytes, straight alpha as PNG stores it.
    @Test func rawRGBA() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = folder + "/out.rgba"
        let writer = try FrameWriter(format: .rgba, destination: .file(path), width: 3, height: 2,
                                     framesPerSecond: 30, frameCount: 2)
        let first = try Support.solid(PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 255), width: 3, height: 2)
        first[1, 0] = PremultipliedRGBA8(r: 128, g: 0, b: 64, a: 128)   // straight (255, 0, 128, 128)
        first[2, 1] = .transparent
        try writer.write(first)
        try writer.write(try Support.solid(PremultipliedRGBA8(r: 0, g: 51, b: 0, a: 51), width: 3, height: 2))
        try writer.finish()
        let bytes = try Support.bytes(of: path)
        #expect(bytes.count == 2 * 3 * 2 * 4)
        #expect(Array(bytes[0..<4]) == [10, 20, 30, 255])
        #expect(Array(bytes[4..<8]) == [255, 0, 128, 128])
        #expect(Array(bytes[20..<24]) == [0, 0, 0, 0])
        #expect(Array(bytes[24..<28]) == [0, 255, 0, 51])
        #expect(Array(bytes[44..<48]) == [0, 255, 0, 51])
    }

    /// rgba on a frame whose rows mix blocks of opaque, transparent and translucent pixels (the
    /// writer copies opaque and transparent runs as they are): every pixel's bytes, min(255,
    /// round(c × 255 / a)) per colour channel.
    @Test func rawRGBAMixedBlocks() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = folder + "/out.rgba"
        let (width, height) = (37, 4)
        let writer = try FrameWriter(format: .rgba, destination: .file(path), width: width, height: height,
                                     framesPerSecond: 30, frameCount: 1)
        let frame = try Support.solid(PremultipliedRGBA8(r: 9, g: 99, b: 199, a: 255), width: width, height: height)
        for x in 0..<width {
            if x % 9 == 4 { frame[x, 0] = PremultipliedRGBA8(r: UInt8(x), g: 3, b: 0, a: UInt8(40 + x)) }
            if x < 16 || x % 3 == 0 { frame[x, 1] = .transparent }
            frame[x, 2] = PremultipliedRGBA8(r: UInt8(x * 3), g: UInt8(x), b: 1, a: UInt8(x * 2 + 150))
            if x > 20 { frame[x, 3] = x % 2 == 0 ? .transparent : PremultipliedRGBA8(r: 7, g: 1, b: 0, a: 7) }
        }
        try writer.write(frame)
        try writer.finish()
        let bytes = try Support.bytes(of: path)
        var expected: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let p = frame[x, y]
                func straight(_ c: UInt8) -> UInt8 {
                    p.a == 0 ? 0 : UInt8(min(255, (Double(c) * 255 / Double(p.a)).rounded()))
                }
                expected += [straight(p.r), straight(p.g), straight(p.b), p.a]
            }
        }
        #expect(bytes == expected)
        #expect(Array(bytes[4 * 4..<4 * 5]) == [23, 17, 0, 44])   // (4, 3, 0, 44): round(4 · 255 / 44), round(3 · 255 / 44)
    }

    /// y4m: the header, then per frame FRAME and the Y, U, V planes with BT.601 limited-range
    /// values; chroma blocks at odd edges repeat the last column and row.
    @Test func yuv4mpeg() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = folder + "/out.y4m"
        let writer = try FrameWriter(format: .y4m, destination: .file(path), width: 3, height: 3,
                                     framesPerSecond: 24, frameCount: 2)
        let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255), blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
        // R R B / R R B / B B R: each 2×2 block, clamped at the edges, is one colour.
        let first = try Support.solid(red, width: 3, height: 3)
        for (x, y) in [(2, 0), (2, 1), (0, 2), (1, 2)] { first[x, y] = blue }
        try writer.write(first)
        // White, black, transparent (black once composited), half-transparent white (gray 128).
        let second = try Support.solid(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255), width: 3, height: 3)
        second[1, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
        second[2, 0] = .transparent
        second[0, 1] = PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 128)
        try writer.write(second)
        try writer.finish()

        let bytes = try Support.bytes(of: path)
        let header = Array("YUV4MPEG2 W3 H3 F24:1 Ip A1:1 C420jpeg\n".utf8)
        let frameSize = 6 + 9 + 2 * 4
        #expect(Array(bytes.prefix(header.count)) == header)
        #expect(bytes.count == header.count + 2 * frameSize)
        let frame1 = Array(bytes[header.count..<header.count + frameSize])
        let frame2 = Array(bytes[(header.count + frameSize)...])
        #expect(Array(frame1.prefix(6)) == Array("FRAME\n".utf8))
        // Red is (82, 90, 240), blue (41, 240, 110).
        #expect(Array(frame1[6..<15]) == [82, 82, 41, 82, 82, 41, 41, 41, 82])
        #expect(Array(frame1[15..<19]) == [90, 240, 240, 90], "U")
        #expect(Array(frame1[19..<23]) == [240, 110, 110, 240], "V")
        #expect(Array(frame2[6..<15]) == [235, 16, 16, 126, 235, 235, 235, 235, 235])
        // The top-right block is black alone (neutral); the top-left mixes white, black and gray.
        #expect(Array(frame2[15..<23]) == [128, 128, 128, 128, 128, 128, 128, 128])
    }

    /// A mixed 2×2 block: the chroma of the average colour.
    @Test func yuv4mpegChromaAverage() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = folder + "/out.y4m"
        let writer = try FrameWriter(format: .y4m, destination: .file(path), width: 2, height: 2,
                                     framesPerSecond: 1, frameCount: 1)
        let frame = try Support.solid(PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255), width: 2, height: 2)
        frame[1, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
        frame[0, 1] = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
        try writer.write(frame)
        try writer.finish()
        let bytes = try Support.bytes(of: path)
        // Average (127.5, 0, 127.5): U = ((-38·510 + 112·510 + 512) >> 10) + 128 = 165, V = 175.
        #expect(Array(bytes.suffix(2)) == [165, 175])
    }

    @Test func singlePNG() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = folder + "/still.png"
        let frame = try Support.frame(2)
        let writer = try FrameWriter(format: .png, destination: .file(path), width: 8, height: 6,
                                     framesPerSecond: 30, frameCount: 1)
        try writer.write(frame)
        #expect(throws: FrameWriterError.frameCountMismatch(declared: 1, written: 2)) { try writer.write(frame) }
        try writer.finish()
        #expect(try Support.bytes(of: path) == frame.pngData())
        #expect(Support.contents(of: folder) == ["still.png"])
    }

    /// Numbered PNGs into a directory that is made, with its missing parent, on the way.
    @Test func numberedPNGs() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let directory = folder + "/a/frames"
        let writer = try FrameWriter(format: .png, destination: .directory(directory, baseName: "shot"), width: 8,
                                     height: 6, framesPerSecond: 30, frameCount: 3)
        let frames = try (0..<3).map { try Support.frame($0) }
        for frame in frames { try writer.write(frame) }
        try writer.finish()
        #expect(Support.contents(of: directory) == ["shot-0001.png", "shot-0002.png", "shot-0003.png"])
        for (index, frame) in frames.enumerated() {
            let read = try Pixmap(pngData: try Support.bytes(of: directory + "/shot-000\(index + 1).png"))
            #expect(read.bytes == frame.bytes)
        }
    }

    /// More than 9,999 frames take more digits; a cancel removes the frames and the folders made.
    @Test func numberedPNGsCancelled() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let directory = folder + "/a/b"
        let writer = try FrameWriter(format: .png, destination: .directory(directory, baseName: "f"), width: 8,
                                     height: 6, framesPerSecond: 30, frameCount: 12_000)
        try writer.write(try Support.frame(0))
        try writer.write(try Support.frame(1))
        #expect(Support.contents(of: directory) == ["f-00001.png", "f-00002.png"])
        writer.cancel()
        writer.cancel()
        #expect(Support.contents(of: folder).isEmpty)
    }

    @Test(arguments: [FrameFormat.png, .apng, .rgba, .y4m])
    func cancelLeavesNothing(format: FrameFormat) throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let writer = try FrameWriter(format: format, destination: .file(folder + "/out"), width: 8, height: 6,
                                     framesPerSecond: 30, frameCount: 1)
        try writer.write(try Support.frame(0))
        #expect(Support.contents(of: folder).count == 1)
        writer.cancel()
        #expect(Support.contents(of: folder).isEmpty)
        #expect(throws: FrameWriterError.writeFailed(path: folder + "/out", reason: "the writer was cancelled")) {
            try writer.finish()
        }
    }

    /// A writer dropped before finish() cancels itself.
    @Test func droppedWriterLeavesNothing() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        do {
            let writer = try FrameWriter(format: .apng, destination: .file(folder + "/out.apng"), width: 8, height: 6,
                                         framesPerSecond: 30, frameCount: 2)
            try writer.write(try Support.frame(0))
        }
        #expect(Support.contents(of: folder).isEmpty)
    }

    @Test func finishReplacesAnExistingFile() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = folder + "/out.rgba"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        let writer = try FrameWriter(format: .rgba, destination: .file(path), width: 1, height: 1,
                                     framesPerSecond: 30, frameCount: 1)
        try writer.write(try Support.solid(PremultipliedRGBA8(r: 9, g: 8, b: 7, a: 255), width: 1, height: 1))
        #expect(try Support.bytes(of: path) == [1, 2, 3], "untouched until finish()")
        try writer.finish()
        #expect(try Support.bytes(of: path) == [9, 8, 7, 255])
        #expect(throws: FrameWriterError.writeFailed(path: path, reason: "the writer is already finished")) {
            try writer.finish()
        }
    }

    @Test func cannotCreate() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let missing = folder + "/missing/out.apng"
        let error = #expect(throws: FrameWriterError.self) {
            try FrameWriter(format: .apng, destination: .file(missing), width: 8, height: 6, framesPerSecond: 30, frameCount: 1)
        }
        #expect(error == .cannotCreate(path: missing, reason: "No such file or directory"))
        #expect(error?.description == "cannot create \(missing): No such file or directory")
        #expect(throws: FrameWriterError.cannotCreate(path: folder, reason: "Is a directory")) {
            try FrameWriter(format: .y4m, destination: .file(folder), width: 8, height: 6, framesPerSecond: 30, frameCount: 1)
        }
        // A file where the directory of numbered PNGs should be.
        let file = folder + "/file"
        try Data().write(to: URL(fileURLWithPath: file))
        #expect(throws: FrameWriterError.cannotCreate(path: file, reason: "Not a directory")) {
            try FrameWriter(format: .png, destination: .directory(file, baseName: "f"), width: 8, height: 6,
                            framesPerSecond: 30, frameCount: 2)
        }
        #expect(Support.contents(of: folder) == ["file"])
    }

    @Test func frameSizeMismatch() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        let path = folder + "/out.rgba"
        let writer = try FrameWriter(format: .rgba, destination: .file(path), width: 8, height: 6,
                                     framesPerSecond: 30, frameCount: 1)
        let error = #expect(throws: FrameWriterError.self) { try writer.write(try Pixmap(width: 4, height: 4)) }
        #expect(error == .frameSizeMismatch(expectedWidth: 8, expectedHeight: 6, width: 4, height: 4))
        #expect(error?.description == "a frame of 4×4 pixels does not match the output's 8×6")
        // Nothing was written: the writer goes on.
        try writer.write(try Support.frame(0))
        try writer.finish()
        #expect(try Support.bytes(of: path).count == 8 * 6 * 4)
    }

    @Test func settingsAndDestinationsRefused() throws {
        let folder = try Support.makeFolder()
        defer { Support.remove(folder) }
        func writer(_ format: FrameFormat, _ destination: FrameDestination, width: Int = 8, height: Int = 6,
                    framesPerSecond: Int = 30, frameCount: Int = 2) throws(FrameWriterError) {
            _ = try FrameWriter(format: format, destination: destination, width: width, height: height,
                                framesPerSecond: framesPerSecond, frameCount: frameCount)
        }
        let directory = FrameDestination.directory(folder + "/frames", baseName: "f")
        for format in FrameFormat.allCases where format != .png {
            #expect(throws: FrameWriterError.self) { try writer(format, directory) }
        }
        let error = #expect(throws: FrameWriterError.self) { try writer(.png, .standardOutput) }
        guard case .unsupportedDestination(.png, _) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(throws: FrameWriterError.self) { try writer(.png, .file(folder + "/a.png")) }
        for (width, height) in [(0, 6), (8, -1), (70_000, 6), (65_535, 65_535)] {
            #expect(throws: FrameWriterError.self) { try writer(.rgba, .file(folder + "/a.rgba"), width: width, height: height) }
        }
        #expect(throws: FrameWriterError.self) { try writer(.rgba, .file(folder + "/a.rgba"), framesPerSecond: 0) }
        #expect(throws: FrameWriterError.self) { try writer(.apng, .file(folder + "/a.apng"), frameCount: 0) }
        #expect(Support.contents(of: folder).isEmpty)
    }

    /// Without ffmpeg on PATH, the formats that need it refuse to start and create nothing.
    @Test func ffmpegNotFound() throws {
        let folder = try Support.makeFolder(), emptyPath = try Support.makeFolder()
        defer { Support.remove(folder); Support.remove(emptyPath) }
        for format in FrameFormat.allCases where format.usesFFmpeg {
            let error = #expect(throws: FrameWriterError.self) {
                try FrameWriter(format: format, destination: .file(folder + "/out"), width: 8, height: 6,
                                framesPerSecond: 30, frameCount: 2, environment: ["PATH": emptyPath])
            }
            #expect(error == .ffmpegNotFound(format))
            #expect(error?.description.contains("apt-get install ffmpeg") == true)
        }
        #expect(Support.contents(of: folder).isEmpty)
        // The formats written without ffmpeg do not look for it.
        let writer = try FrameWriter(format: .y4m, destination: .file(folder + "/out.y4m"), width: 8, height: 6,
                                     framesPerSecond: 30, frameCount: 1, environment: ["PATH": emptyPath])
        writer.cancel()
    }

    @Test func descriptionsAreOneLine() {
        let errors: [FrameWriterError] = [
            .ffmpegNotFound(.gif), .cannotCreate(path: "/x", reason: "Permission denied"),
            .writeFailed(path: "standard output", reason: "Broken pipe"),
            .encoderFailed(path: "out.mp4", status: 1, message: "Unknown encoder 'libx264'"),
            .frameSizeMismatch(expectedWidth: 1, expectedHeight: 2, width: 3, height: 4),
            .unsupportedDestination(.mp4, "reason"), .frameCountMismatch(declared: 3, written: 1), .invalidSettings("reason"),
        ]
        for error in errors { #expect(!error.description.contains("\n") && !error.description.isEmpty) }
        #expect(FrameWriterError.encoderFailed(path: "out.mp4", status: 1, message: "Unknown encoder 'libx264'").description
                == "ffmpeg failed writing out.mp4 (exit status 1): Unknown encoder 'libx264'")
        #expect(FrameWriterError.frameCountMismatch(declared: 3, written: 1).description
                == "the output declares 3 frames but 1 was written")
    }
}

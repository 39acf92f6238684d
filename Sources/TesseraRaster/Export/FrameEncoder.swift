/// What writes one format: ``FrameWriter`` checks sizes, counts and its own state, and hands each
/// frame to its encoder.
protocol FrameEncoder: AnyObject {
    func write(_ frame: Pixmap) throws(FrameWriterError)
    /// Completes the output and puts it in place.
    func finish() throws(FrameWriterError)
    /// Stops and removes what the encoder made; safe to call more than once.
    func cancel()
}

extension FrameWriter {
    static func check(width: Int, height: Int, framesPerSecond: Int, frameCount: Int) throws(FrameWriterError) {
        let sides = 1...Pixmap.maximumDimension
        guard sides.contains(width), sides.contains(height) else {
            throw .invalidSettings("invalid frame size \(width)×\(height): each side must be 1…\(Pixmap.maximumDimension) pixels")
        }
        guard width * height <= Pixmap.maximumPixelCount else {
            throw .invalidSettings("frames of \(width)×\(height) pixels are over the limit of \(Pixmap.maximumPixelCount) pixels")
        }
        guard framesPerSecond >= 1 else {
            throw .invalidSettings("invalid frame rate \(framesPerSecond): at least 1 frame per second")
        }
        guard frameCount >= 1 else {
            throw .invalidSettings("invalid frame count \(frameCount): at least 1 frame")
        }
    }

    static func check(format: FrameFormat, destination: FrameDestination, frameCount: Int) throws(FrameWriterError) {
        switch (format, destination) {
        case (.png, .directory):
            return
        case (_, .directory(let path, _)):
            throw .unsupportedDestination(format, "\(format.rawValue) is one file, not frames in the directory \(path)")
        case (.png, _) where frameCount > 1:
            throw .unsupportedDestination(
                format,
                "a PNG file holds one frame, not \(frameCount), to "
                    + "\(destination.displayName): write them into a directory, or as an animation such as apng")
        default:
            return
        }
    }

    /// The encoder for the format and destination, its output created. `ffmpeg` is the executable
    /// for the formats that need it.
    static func makeEncoder(
        format: FrameFormat, destination: FrameDestination, ffmpeg: String?,
        environment: [String: String], width: Int, height: Int, framesPerSecond: Int,
        frameCount: Int
    ) throws(FrameWriterError) -> any FrameEncoder {
        let output: ByteOutput
        switch destination {
        case .directory(let directory, let baseName):
            return try PNGDirectoryEncoder(directory: directory, baseName: baseName, frameCount: frameCount)
        case .file(let path):
            output = .file(try TemporaryOutputFile(path: path))
        case .standardOutput:
            output = .standardOutput
        }
        do throws(FrameWriterError) {
            switch format {
            case .png:
                return SinglePNGEncoder(output: output)
            case .apng:
                return AnimatedPNGStream(
                    output: output, width: width, height: height, frameCount: frameCount,
                    framesPerSecond: framesPerSecond)
            case .rgba:
                return RawVideoEncoder(output: output)
            case .y4m:
                return try Y4MEncoder(output: output, width: width, height: height, framesPerSecond: framesPerSecond)
            case .mp4, .webm, .gif, .webp:
                guard let ffmpeg else { throw .ffmpegNotFound(format) }
                return try FFmpegEncoder(
                    format: format, output: output, executable: ffmpeg, environment: environment,
                    width: width, height: height, framesPerSecond: framesPerSecond)
            }
        } catch {
            output.discard()
            throw error
        }
    }
}

/// Why a ``FrameWriter`` could not start, take a frame or finish.
public enum FrameWriterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The format is encoded by ffmpeg, and no `ffmpeg` executable is on `PATH`.
    case ffmpegNotFound(FrameFormat)
    /// The output could not be created: a missing folder, no permission, a directory where a file
    /// is wanted, …
    case cannotCreate(path: String, reason: String)
    /// Writing failed: a full disk, a closed pipe on standard output (path `standard output`), or a
    /// writer that is already finished or cancelled.
    case writeFailed(path: String, reason: String)
    /// ffmpeg failed: its exit status (128 + the signal's number when a signal ended it) and the
    /// last lines of what it printed on its standard error, joined by "; ".
    case encoderFailed(path: String, status: Int32, message: String)
    /// A frame is not the size the writer was made for.
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// The format cannot be written to that destination: the reason, in words.
    case unsupportedDestination(FrameFormat, String)
    /// The format stores the frame count the writer was made with (an animated PNG, a single PNG),
    /// and another number of frames was written.
    case frameCountMismatch(declared: Int, written: Int)
    /// A size, frame rate or frame count the writer cannot use: the reason, in words.
    case invalidSettings(String)

    /// One line a person reads.
    public var description: String {
        switch self {
        case .ffmpegNotFound(let format):
            "writing \(format.rawValue) needs ffmpeg, which is not on PATH: install it (e.g. apt-get install ffmpeg), "
                + "or choose png, apng, rgba or y4m, which are written without it"
        case .cannotCreate(let path, let reason):
            "cannot create \(path): \(reason)"
        case .writeFailed(let path, let reason):
            "cannot write \(path): \(reason)"
        case .encoderFailed(let path, let status, let message):
            "ffmpeg failed writing \(path) (exit status \(status))" + (message.isEmpty ? "" : ": \(message)")
        case .frameSizeMismatch(let expectedWidth, let expectedHeight, let width, let height):
            "a frame of \(width)×\(height) pixels does not match the output's \(expectedWidth)×\(expectedHeight)"
        case .unsupportedDestination(let format, let reason):
            "cannot write \(format.rawValue) there: \(reason)"
        case .frameCountMismatch(let declared, let written):
            "the output declares \(declared) frame\(declared == 1 ? "" : "s") but \(written) "
                + "\(written == 1 ? "was" : "were") written"
        case .invalidSettings(let reason):
            reason
        }
    }
}

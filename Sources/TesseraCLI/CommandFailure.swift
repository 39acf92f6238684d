import ArgumentParser
import Foundation
import Tessera
import TesseraRaster

/// A failure of a command after its arguments parsed: a message that names the file and the
/// reason, and the sysexits(3) code the process exits with. 64 (EX_USAGE) is kept for command
/// lines that cannot work as typed; everything else says what went wrong with the data, the
/// input, the output or the tools.
struct CommandFailure: Error {
    /// sysexits(3) codes.
    enum Code: Int32 {
        case usage = 64   // EX_USAGE: the command line is wrong
        case dataError = 65   // EX_DATAERR: the input is malformed
        case noInput = 66   // EX_NOINPUT: the input is missing, unreadable or a directory
        case unavailable = 69   // EX_UNAVAILABLE: a needed tool (ffmpeg) is missing
        case software = 70   // EX_SOFTWARE: an internal error
        case osError = 71   // EX_OSERR: out of memory
        case cannotCreate = 73   // EX_CANTCREAT: the output cannot be created
        case ioError = 74   // EX_IOERR: reading or writing failed
    }

    /// The process's exit status: a ``Code``, or 128 + a signal's number.
    let exitStatus: Int32
    let message: String

    init(_ code: Code, _ message: String) {
        self.init(exitStatus: code.rawValue, message)
    }

    init(exitStatus: Int32, _ message: String) {
        self.exitStatus = exitStatus
        self.message = message
    }

    /// Prints `tessera: MESSAGE` on standard error and exits with the status.
    func exit() -> ExitCode {
        FileHandle.standardError.write(Data("tessera: \(message)\n".utf8))
        return ExitCode(exitStatus)
    }

    /// The failure for an error thrown while rendering or writing frames.
    static func from(_ error: any Error) -> CommandFailure {
        switch error {
        case let failure as CommandFailure: return failure
        case let error as FrameWriterError: return from(error)
        case let error as RasterError: return CommandFailure(.osError, "\(error)")
        case let error as SceneDocumentError: return CommandFailure(.dataError, "\(error)")
        default: return CommandFailure(.software, "\(error)")
        }
    }

    static func from(_ error: FrameWriterError) -> CommandFailure {
        switch error {
        case .ffmpegNotFound: return CommandFailure(.unavailable, error.description)
        case .cannotCreate: return CommandFailure(.cannotCreate, error.description)
        case .writeFailed, .encoderFailed: return CommandFailure(.ioError, error.description)
        case .unsupportedDestination, .invalidSettings: return CommandFailure(.usage, error.description)
        case .frameSizeMismatch, .frameCountMismatch: return CommandFailure(.software, error.description)
        }
    }
}

/// Runs `body`, turning a thrown failure into its message and exit code.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        throw CommandFailure.from(error).exit()
    }
}

/// The reason a file cannot be opened, in words (`No such file or directory`, `Permission denied`,
/// `Is a directory`), or nil when it opens for reading as a regular file.
func unreadableReason(_ path: String) -> String? {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        return "is a directory"
    }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    close(fd)
    return nil
}

import BenchTracking
import Foundation

/// Runs other programs for the bench: git and swift for `bench ab`, valgrind, objcopy and nm for
/// `--instructions`, git for the commit a run measured.
enum Shell {
    /// Where its output goes.
    enum Output {
        /// The bench's own standard output and error.
        case terminal
        /// Standard output nowhere, standard error to the bench's.
        case errorsOnly
        /// Nowhere.
        case discarded
        /// Standard output and error into this file, created or emptied first.
        case file(URL)
    }

    /// Runs `command` (a path, or a name found on PATH) in `directory` and returns its exit status.
    static func status(
        _ command: String, _ arguments: [String], directory: String? = nil,
        output: Output = .terminal
    ) throws -> Int32 {
        let process = try launch(command, arguments, directory: directory) { process in
            switch output {
            case .terminal:
                break
            case .errorsOnly:
                process.standardOutput = FileHandle.nullDevice
            case .discarded:
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
            case .file(let url):
                _ = FileManager.default.createFile(atPath: url.path, contents: nil)
                let handle = try FileHandle(forWritingTo: url)
                process.standardOutput = handle
                process.standardError = handle
            }
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs `command` as ``status(_:_:directory:output:)`` does; fails unless it exits with 0.
    static func run(_ command: String, _ arguments: [String], directory: String? = nil, output: Output = .terminal) throws {
        let status = try status(command, arguments, directory: directory, output: output)
        guard status == 0 else {
            throw BenchError("\(command) \(arguments.joined(separator: " ")) failed (exit \(status))")
        }
    }

    /// The standard output of `command`, trimmed (its standard error discarded). Fails unless it
    /// exits with 0.
    static func output(_ command: String, _ arguments: [String]) throws -> String {
        let pipe = Pipe()
        let process = try launch(command, arguments, directory: nil) { process in
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(command) \(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The path of `command` on PATH; nil when it is not installed.
    static func locate(_ command: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(command)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func launch(
        _ command: String, _ arguments: [String], directory: String?,
        connect: (Process) throws -> Void
    ) throws -> Process {
        let process = Process()
        if command.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [command] + arguments
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        try connect(process)
        try process.run()
        return process
    }
}

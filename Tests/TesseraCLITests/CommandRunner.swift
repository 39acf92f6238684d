import Foundation
import Testing

/// Runs the built `tessera` binary as a person would, and what it did.
struct CommandResult {
    let status: Int32
    let stdout: Data
    let stderr: String
}

enum CLI {
    /// The `tessera` binary beside the test bundle (`swift test` builds it: the test target
    /// depends on the executable).
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("tessera")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tessera")
    }()

    /// A real archive from the fixtures the test targets share (`Tests/TesseraTestSupport/Fixtures`).
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TesseraTestSupport/Fixtures/\(name)").path
    }

    /// Runs `tessera ARGUMENTS` in `directory` with `environment` changes (a nil value removes a
    /// variable).
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil,
                    environment changes: [String: String?] = [:]) throws -> CommandResult {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in changes { environment[key] = value }
        process.environment = environment
        // Files rather than pipes: a pipe nobody drains while the process runs fills up and blocks it.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: try Data(contentsOf: out),
                             stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// A new empty folder, which the caller removes.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The names in a folder, sorted.
    static func contents(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// Whether `tool` is on PATH.
    static func hasTool(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }
}

import Foundation
import TesseraRaster

/// What identifies a run: the machine, the build and the source revision.
struct MachineInfo {
    /// The CPU model, or `unknown`.
    let cpuModel: String
    /// Processors online (``Canvas/processorCount``).
    let cores: Int
    /// `release` or `debug`.
    let configuration: String
    /// The short hash of the checked-out commit, or `unknown` outside a git checkout.
    let commit: String
    /// When the run started, ISO 8601 in UTC.
    let date: String

    static func current() -> MachineInfo {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        return MachineInfo(cpuModel: cpuModel(), cores: Canvas.processorCount, configuration: configuration,
                           commit: gitCommit(), date: ISO8601DateFormatter().string(from: Date()))
    }

    /// `Tessera bench: <cpu>, <n> cores, release build, 20 timed frames after 3 warm-up`.
    func headerLine(frames: Int, warmup: Int) -> String {
        "Tessera bench: \(cpuModel), \(cores) core\(cores == 1 ? "" : "s"), \(configuration) build, "
            + "commit \(commit), \(frames) timed frame\(frames == 1 ? "" : "s") after \(warmup) warm-up"
    }

    /// The first `model name` of /proc/cpuinfo (Linux), `machdep.cpu.brand_string` (Darwin).
    static func cpuModel() -> String {
        #if canImport(Darwin)
        var size = 0
        if sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 {
            var buffer = [CChar](repeating: 0, count: size)
            if sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0) == 0 {
                return String(cString: buffer)
            }
        }
        return "unknown"
        #else
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2,
                  parts[0].trimmingCharacters(in: .whitespaces) == "model name" else { continue }
            let model = parts[1].trimmingCharacters(in: .whitespaces)
            return model.isEmpty ? "unknown" : model
        }
        return "unknown"
        #endif
    }

    /// `git rev-parse --short HEAD` in the current directory, or `unknown` when git or the
    /// repository is missing.
    static func gitCommit() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "--short", "HEAD"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return "unknown"
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty else { return "unknown" }
        return text
    }
}

import Foundation
import BenchTracking
import TesseraRaster

/// What identifies a run: the machine, the build and the source revision.
struct MachineInfo {
    let fingerprint: MachineFingerprint
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
        let fingerprint = MachineFingerprint(
            cpu: cpuModel(), cores: Canvas.processorCount, simd: KernelLevel.description,
            swiftCompiler: swiftCompiler, configuration: configuration,
            system: systemName())
        return MachineInfo(
            fingerprint: fingerprint, commit: gitCommit(),
            date: ISO8601DateFormatter().string(from: Date()))
    }

    /// `Tessera bench: <cpu>, <n> cores, avx2 kernels, release build, commit abc1234, 20 timed frames after 3 warm-up, 3 rounds`.
    func headerLine(frames: Int, warmup: Int, rounds: Int) -> String {
        let cores = fingerprint.cores ?? 0
        return "Tessera bench: \(fingerprint.cpu ?? "unknown"), \(cores) core\(cores == 1 ? "" : "s"), "
            + "\(fingerprint.simd ?? "unknown") kernels, \(fingerprint.configuration ?? "unknown") build, commit \(commit), "
            + "\(frames) timed frame\(frames == 1 ? "" : "s") after \(warmup) warm-up"
            + (rounds > 1 ? ", \(rounds) rounds" : "")
    }

    /// The compiler's version, to the patch level that `#if compiler` can tell.
    static var swiftCompiler: String {
        #if compiler(>=6.5)
        "6.5 or later"
        #elseif compiler(>=6.4)
        "6.4"
        #elseif compiler(>=6.3.1)
        "6.3.1"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    /// `uname -sr`: the system and kernel release.
    static func systemName() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "unknown" }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(names.sysname)) \(text(names.release))"
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
                parts[0].trimmingCharacters(in: .whitespaces) == "model name"
            else { continue }
            let model = parts[1].trimmingCharacters(in: .whitespaces)
            return model.isEmpty ? "unknown" : model
        }
        return "unknown"
        #endif
    }

    /// `git rev-parse --short HEAD` in the current directory, or `unknown` when git or the
    /// repository is missing.
    static func gitCommit() -> String {
        guard let commit = try? Shell.output("git", ["rev-parse", "--short", "HEAD"]), !commit.isEmpty else { return "unknown" }
        return commit
    }
}

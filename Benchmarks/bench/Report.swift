import Foundation

/// The measurements of one scene at one thread count.
struct SceneResult: Codable, Equatable {
    var scene: String
    var threads: Int
    var medianMs: Double
    var minMs: Double
    var maxMs: Double
    /// Frames per second at the median: `1000 / medianMs`.
    var fps: Double
    /// The number of timed frames.
    var frames: Int
    /// How much resident memory grew over the timed frames (after the warm-up), in bytes.
    var memoryGrowthBytes: Int?
    /// The median time of each step of a frame, for workloads that report them.
    var stages: [StageResult]?

    init(scene: String, threads: Int, statistics: FrameStatistics) {
        self.scene = scene
        self.threads = threads
        // Rounded to the clock's nanosecond resolution (fps to 0.001) so the JSON stays readable.
        self.medianMs = Self.rounded(statistics.medianMs, digits: 6)
        self.minMs = Self.rounded(statistics.minMs, digits: 6)
        self.maxMs = Self.rounded(statistics.maxMs, digits: 6)
        self.fps = Self.rounded(statistics.fps, digits: 3)
        self.frames = statistics.count
    }

    /// `value` rounded to `digits` decimals (infinities and NaN unchanged).
    static func rounded(_ value: Double, digits: Int) -> Double {
        guard value.isFinite else { return value }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}

/// The median time of one step of a frame (its medians need not add up to the frame's).
struct StageResult: Codable, Equatable {
    var stage: String
    var medianMs: Double
}

/// The `--json` file: the machine and build that measured, and the results.
///
/// Keys are snake_case (`median_ms`, `warmup_frames`, …). Every field but `results` is optional
/// when read back as a baseline, so older or hand-written files still compare.
struct BenchReport: Codable {
    /// The version of this file's layout.
    var format: Int? = 1
    /// `git rev-parse --short HEAD`, or `unknown`.
    var commit: String?
    /// When the run started, ISO 8601 in UTC.
    var date: String?
    /// The CPU model (`model name` in /proc/cpuinfo).
    var cpu: String?
    /// Processors online.
    var cores: Int?
    /// `release` or `debug`.
    var configuration: String?
    /// Untimed frames before each measurement.
    var warmupFrames: Int?
    var results: [SceneResult]

    init(machine: MachineInfo, warmup: Int, results: [SceneResult]) {
        commit = machine.commit
        date = machine.date
        cpu = machine.cpuModel
        cores = machine.cores
        configuration = machine.configuration
        warmupFrames = warmup
        self.results = results
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var data = try encoder.encode(self)
        data.append(contentsOf: "\n".utf8)
        try data.write(to: URL(fileURLWithPath: path))
    }

    static func read(from path: String) throws -> BenchReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BenchError("cannot read baseline \(path): \(error.localizedDescription)")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return try decoder.decode(BenchReport.self, from: data)
        } catch {
            throw BenchError("\(path) is not a bench --json file: \(error)")
        }
    }
}

/// A failure with a message for the user.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

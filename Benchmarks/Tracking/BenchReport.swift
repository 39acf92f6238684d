import Foundation

/// The measurements of one scene at one thread count, in one repetition.
public struct SceneResult: Codable, Equatable, Sendable {
    public var scene: String
    public var threads: Int
    /// Which run of this scene and thread count (0, 1, …): `bench ab` keeps every alternated run,
    /// and ``BenchComparison`` treats runs as the unit of the machine's drift.
    public var repetition: Int?
    public var medianMs: Double
    public var minMs: Double
    public var maxMs: Double
    /// The 90th percentile of the frame times.
    public var p90Ms: Double?
    /// Frames per second at the median: `1000 / medianMs`.
    public var fps: Double
    /// The number of timed frames.
    public var frames: Int
    /// Every timed frame's time, in the order they ran.
    public var samplesMs: [Double]?
    /// How much resident memory grew over the timed frames (after the warm-up), in bytes.
    public var memoryGrowthBytes: Int?
    /// The time (and instructions) of each step of a frame, for workloads that report them.
    public var stages: [StageResult]?
    /// ``PixelHash`` of a reference frame: the same at every thread count and SIMD level when the
    /// bytes are, so a comparison sees when a change draws something else.
    public var pixelHash: String?
    /// Instructions per steady frame at 1 thread, counted by valgrind (`bench --instructions`).
    public var instructionsPerFrame: Double?
    /// Calls to the allocator per steady frame, counted with the instructions.
    public var allocationsPerFrame: Double?
    /// The frame's tasks recorded at 1 thread (`bench --predict`): their sum, in milliseconds.
    public var workMs: Double?
    /// The longest chain of dependent tasks: the frame on unlimited cores.
    public var spanMs: Double?
    /// The frame's predicted length by thread count (`"16": 1.0`), from ``TaskSchedule``.
    public var predictedMs: [String: Double]?

    /// A result of `samplesMs` (milliseconds, not empty), rounded to the clock's nanosecond.
    public init(scene: String, threads: Int, samplesMs samples: [Double]) {
        let statistics = FrameStatistics(samplesMs: samples)
        self.scene = scene
        self.threads = threads
        // Rounded to the clock's nanosecond resolution (fps to 0.001) so the JSON stays readable.
        self.medianMs = Self.rounded(statistics.medianMs, digits: 6)
        self.minMs = Self.rounded(statistics.minMs, digits: 6)
        self.maxMs = Self.rounded(statistics.maxMs, digits: 6)
        self.p90Ms = Self.rounded(statistics.quantile(0.9), digits: 6)
        self.fps = Self.rounded(statistics.fps, digits: 3)
        self.frames = statistics.count
        self.samplesMs = samples.map { Self.rounded($0, digits: 6) }
    }

    /// The frame times to compare: every sample, or the median alone for files written before
    /// samples were kept.
    public var comparableSamples: [Double] { samplesMs ?? [medianMs] }

    /// `value` rounded to `digits` decimals (infinities and NaN unchanged).
    public static func rounded(_ value: Double, digits: Int) -> Double {
        guard value.isFinite else { return value }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}

/// One step of a frame: its median time (the medians need not add up to the frame's), every
/// frame's time, and its instructions when they were counted.
public struct StageResult: Codable, Equatable, Sendable {
    public var stage: String
    public var medianMs: Double?
    public var samplesMs: [Double]?
    public var instructionsPerFrame: Double?

    public init(stage: String, samplesMs: [Double]) {
        self.stage = stage
        medianMs = SceneResult.rounded(FrameStatistics(samplesMs: samplesMs).medianMs, digits: 6)
        self.samplesMs = samplesMs.map { SceneResult.rounded($0, digits: 6) }
    }

    public init(stage: String, instructionsPerFrame: Double) {
        self.stage = stage
        self.instructionsPerFrame = instructionsPerFrame
    }
}

/// What a run was measured on: enough to tell when two runs are not comparable.
public struct MachineFingerprint: Codable, Equatable, Sendable {
    /// The CPU model (`model name` in /proc/cpuinfo).
    public var cpu: String?
    /// Processors online.
    public var cores: Int?
    /// The pixel kernels in use (`TESSERA_SIMD` can lower them).
    public var simd: String?
    /// The Swift compiler that built the bench.
    public var swiftCompiler: String?
    /// `release` or `debug`.
    public var configuration: String?
    /// The operating system and kernel (`uname -sr`).
    public var system: String?

    public init(
        cpu: String?, cores: Int?, simd: String?, swiftCompiler: String?, configuration: String?,
        system: String?
    ) {
        self.cpu = cpu
        self.cores = cores
        self.simd = simd
        self.swiftCompiler = swiftCompiler
        self.configuration = configuration
        self.system = system
    }

    /// The fields that differ from `other`'s, as `name: mine → theirs` (unknown fields are skipped).
    public func differences(from other: MachineFingerprint) -> [String] {
        func differ<T: Equatable>(_ name: String, _ mine: T?, _ theirs: T?) -> String? {
            guard let mine, let theirs, mine != theirs else { return nil }
            return "\(name): \(theirs) → \(mine)"
        }
        return [
            differ("cpu", cpu, other.cpu), differ("cores", cores, other.cores), differ("simd", simd, other.simd),
            differ("swift", swiftCompiler, other.swiftCompiler),
            differ("configuration", configuration, other.configuration),
            differ("system", system, other.system),
        ].compactMap { $0 }
    }
}

/// The `--json` file: the machine and build that measured, and the results.
///
/// Keys are snake_case (`median_ms`, `samples_ms`, `pixel_hash`, `instructions_per_frame`, …), as
/// format 1 wrote them and the peers' harness (`side_by_side.sh`) reads them. Format 2 adds every
/// sample, the fingerprint, pixel hashes and instruction counts; format 1 files still read, and
/// compare on their medians.
public struct BenchReport: Codable, Sendable {
    /// The version of this file's layout.
    public var format: Int? = 2
    /// `git rev-parse --short HEAD`, or `unknown`.
    public var commit: String?
    /// When the run started, ISO 8601 in UTC.
    public var date: String?
    /// The CPU model (format 1; format 2 has it in ``machine`` too).
    public var cpu: String?
    /// Processors online (format 1; format 2 has it in ``machine`` too).
    public var cores: Int?
    /// `release` or `debug` (format 1; format 2 has it in ``machine`` too).
    public var configuration: String?
    public var machine: MachineFingerprint?
    /// Untimed frames before each measurement.
    public var warmupFrames: Int?
    public var results: [SceneResult]

    public init(commit: String, date: String, machine: MachineFingerprint, warmup: Int, results: [SceneResult]) {
        self.commit = commit
        self.date = date
        self.cpu = machine.cpu
        self.cores = machine.cores
        self.configuration = machine.configuration
        self.machine = machine
        warmupFrames = warmup
        self.results = results
    }

    /// The machine, from ``machine`` or, in format 1 files, the top-level fields.
    public var fingerprint: MachineFingerprint {
        machine
            ?? MachineFingerprint(
                cpu: cpu, cores: cores, simd: nil, swiftCompiler: nil,
                configuration: configuration, system: nil)
    }

    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var data = try encoder.encode(self)
        data.append(contentsOf: "\n".utf8)
        try data.write(to: URL(fileURLWithPath: path))
    }

    public static func read(from path: String) throws -> BenchReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BenchError("cannot read \(path): \(error.localizedDescription)")
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
public struct BenchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

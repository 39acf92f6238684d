import CBenchMarkers
import BenchTracking
import Foundation

/// `bench --instructions`: runs each workload again under valgrind's callgrind, at 1 thread, and
/// counts the instructions (and calls to the allocator) of its steady frames, by stage. The counts
/// are the same every run, whatever else the machine does, so a comparison can flag 0.1 %.
///
/// The child is this executable (`measure --counted-frames-child`): it prepares the workload,
/// draws ``warmup`` frames, then ``frames`` frames inside `tessera_bench_counted_frames`, the
/// only function callgrind collects in (`--collect-atstart=no --toggle-collect`).
struct InstructionCounter {
    /// Frames drawn before the counted ones (caches, buffers and the evaluation plan warm).
    static let warmup = 2
    /// Frames counted; the counts are their mean.
    static let frames = 3

    private let valgrind: String
    private let executable: String
    private let directory: URL
    /// The executable's function symbols, where the stages' are found.
    private let symbols: [String]

    /// Finds valgrind and makes a copy of this executable without debug info (valgrind 3.19 cannot
    /// read the DWARF 5 that Swift 6.3 writes).
    init() throws {
        guard let valgrind = Shell.locate("valgrind") else {
            throw BenchError("--instructions counts with valgrind, which is not installed (apt-get install valgrind)")
        }
        self.valgrind = valgrind
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let original =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let stripped = directory.appendingPathComponent("bench").path
        if let objcopy = Shell.locate("objcopy"),
            (try? Shell.status(objcopy, ["--strip-debug", original, stripped], output: .discarded)) == 0
        {
            executable = stripped
        } else {
            executable = original
        }
        symbols = try Self.functionSymbols(of: executable)
    }

    /// The counts of `workload`'s steady frames at 1 thread, per frame.
    func count(_ workload: Workload) throws -> StageInstructions {
        let output = directory.appendingPathComponent(workload.name)
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let log = output.appendingPathComponent("valgrind.log")
        var arguments = [
            "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=tessera_bench_counted_frames",
            "--callgrind-out-file=\(output.appendingPathComponent("profile").path)",
        ]
        let stages = try workload.countedStages.map { stage in
            guard let resolved = stage.resolved(in: symbols) else {
                throw BenchError(
                    "bench --instructions: no function \(stage.symbolPrefix)… for stage \(stage.name) in the bench: "
                        + "renamed? See InstructionStages.swift.")
            }
            return resolved
        }
        arguments += stages.flatMap(\.callgrindOptions)
        arguments += [
            executable, "measure", "--counted-frames-child", "--scene", workload.name,
            "--warmup", String(Self.warmup), "--frames", String(Self.frames),
        ]
        let status = try Shell.status(valgrind, arguments, output: .file(log))
        guard status == 0 else {
            let tail =
                (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").suffix(8)
                .joined(separator: "\n") ?? ""
            throw BenchError("valgrind failed on \(workload.name) (exit \(status)):\n\(tail)")
        }
        let parts = try FileManager.default.contentsOfDirectory(atPath: output.path)
            .filter { $0.hasPrefix("profile") }
            .map { try CallgrindPart(parsing: Substring(String(contentsOf: output.appendingPathComponent($0), encoding: .utf8))) }
        let counts = StageInstructions(parts: parts, stages: stages)
        guard counts.missing.isEmpty else {
            throw BenchError(
                "bench --instructions: \(workload.name) never entered the function of stage(s) "
                    + "\(counts.missing.joined(separator: ", ")): inlined, or not called? See InstructionStages.swift.")
        }
        try? FileManager.default.removeItem(at: output)
        return counts
    }

    /// Removes the copy and the profiles.
    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The names of `executable`'s symbols, from binutils' `nm`.
    private static func functionSymbols(of executable: String) throws -> [String] {
        guard let nm = Shell.locate("nm") else {
            throw BenchError("--instructions finds the stages' functions with nm, which is not installed (apt-get install binutils)")
        }
        return try Shell.output(nm, ["--defined-only", executable]).split(separator: "\n").compactMap { line in
            line.split(separator: " ").last.map(String.init)
        }
    }
}

extension SceneResult {
    /// Records `counts` (of ``InstructionCounter/frames`` frames) per frame: the total, the
    /// allocations, and each stage's share beside its time (`other`: outside every stage).
    mutating func record(_ counts: StageInstructions) {
        let frames = Double(InstructionCounter.frames)
        instructionsPerFrame = Double(counts.total) / frames
        allocationsPerFrame = Double(counts.allocations) / frames
        var stages = self.stages ?? []
        for (name, instructions) in counts.perStage + [("other", counts.other)] {
            if let index = stages.firstIndex(where: { $0.stage == name }) {
                stages[index].instructionsPerFrame = Double(instructions) / frames
            } else {
                stages.append(StageResult(stage: name, instructionsPerFrame: Double(instructions) / frames))
            }
        }
        self.stages = stages
    }
}

/// The child's side: what runs inside `tessera_bench_counted_frames`.
enum CountedFrames {
    /// Draws `warmup` frames, then `frames` frames inside the counted function, at 1 thread.
    static func run(_ workload: PreparedWorkload, warmup: Int, frames: Int) {
        for _ in 0..<warmup { workload.frame(threads: 1) }
        let body = CountedBody { for _ in 0..<frames { workload.frame(threads: 1) } }
        let context = Unmanaged.passRetained(body)
        tessera_bench_counted_frames(
            { context in
                Unmanaged<CountedBody>.fromOpaque(context!).takeUnretainedValue().run()
            }, context.toOpaque())
        context.release()
    }

    /// The frames, boxed to pass through C.
    private final class CountedBody {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}

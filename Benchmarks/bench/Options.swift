import ArgumentParser
import BenchScenes
import TesseraRaster

/// The command-line options of `bench`.
struct BenchOptions: ParsableArguments {
    @Option(
        name: .customLong("scene"),
        help: ArgumentHelp("Run only this scene (repeatable). Default: every scene; see --list.", valueName: "name"))
    var sceneNames: [String] = []

    @Option(help: ArgumentHelp("Timed frames per scene and thread count (at least 1).", valueName: "n"))
    var frames: Int = 20

    @Option(help: ArgumentHelp("Untimed warm-up frames before the timed ones.", valueName: "n"))
    var warmup: Int = 3

    @Option(
        help: ArgumentHelp(
            """
            Measure every scene this many times in turn (at least 1), each time --frames frames: the repetitions, kept apart in --json, \
            let `bench compare` tell a change from the machine's drift.
            """,
            valueName: "n"))
    var rounds: Int = 3

    @Option(
        name: .customLong("threads"),
        help: ArgumentHelp("Render with this many threads (repeatable). Default: 1 and all cores.", valueName: "n"))
    var threadOptions: [Int] = []

    @Option(help: ArgumentHelp("Write the results as JSON to this file.", valueName: "path"))
    var json: String?

    @Option(help: ArgumentHelp("Write each scene's last frame to DIR/<scene>.png, creating DIR.", valueName: "dir"))
    var png: String?

    @Flag(
        help: ArgumentHelp(
            """
            Also count each scene's instructions and allocations per steady frame, by stage, at 1 thread, under valgrind's callgrind (the \
            same counts every run; slow: about a second a frame).
            """
        ))
    var instructions = false

    @Option(
        name: .customLong("predict"),
        help: ArgumentHelp(
            """
            Predict the frame on this many threads (repeatable) from its tasks recorded at 1 thread, list-scheduled; the prediction is \
            printed under the table and added to the JSON (work_ms, span_ms, predicted_ms).
            """,
            valueName: "n"))
    var predictedThreads: [Int] = []

    /// The child of `--instructions`: draws the scene's frames inside the counted function.
    @Flag(help: .hidden)
    var countedFramesChild = false

    @Option(
        help: ArgumentHelp(
            "Fail when resident memory grows by more than this over the timed frames of a scene.",
            valueName: "MB"))
    var maxMemoryGrowth: Double?

    @Flag(help: "List the scenes with their summaries and exit.")
    var list = false

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1 (got \(frames)).") }
        guard warmup >= 0 else { throw ValidationError("--warmup must be 0 or more (got \(warmup)).") }
        guard rounds >= 1 else { throw ValidationError("--rounds must be at least 1 (got \(rounds)).") }
        if let bad = (threadOptions + predictedThreads).first(where: { $0 < 1 }) {
            throw ValidationError("--threads and --predict must be at least 1 (got \(bad)).")
        }
        if let limit = maxMemoryGrowth, !(limit.isFinite && limit >= 0) {
            throw ValidationError("--max-memory-growth must be 0 MB or more (got \(limit)).")
        }
        let unknown = sceneNames.filter { Workload.named($0) == nil }
        if !unknown.isEmpty {
            let quoted = unknown.map { "'\($0)'" }.joined(separator: ", ")
            throw ValidationError(
                "unknown scene \(quoted). Available scenes: \(Workload.names.joined(separator: ", ")).")
        }
    }

    /// The scenes to run, in the order given (every scene, in catalog order, when none was given).
    var selectedScenes: [Workload] {
        if sceneNames.isEmpty { return Workload.all }
        return sceneNames.uniqued().compactMap(Workload.named)
    }

    /// The thread counts to run, in the order given, without repeats.
    var threadCounts: [Int] {
        (threadOptions.isEmpty ? [1, Canvas.processorCount] : threadOptions).uniqued()
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each kept only at its first occurrence.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

import ArgumentParser
import BenchTracking
import Foundation

/// `bench ab REVISION`: the base revision and the working tree measured in one sitting, their runs
/// alternated, then compared.
struct ABCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ab",
        abstract: "Measure a base revision against the working tree in one sitting, alternating their runs, and compare.",
        discussion: """
            Checks REVISION out in a git worktree (.build-ab/base, reused), builds both benches in \
            release, then runs them in turn for --rounds rounds (base then head, head then base, \
            …), each run a whole `bench` of the chosen scenes (in its own default rounds), and \
            compares every run of one side \
            with every run of the other as `bench compare` does (see its help): the drift of the \
            machine between runs is measured, so smaller changes stand out than from one run a \
            side. The runs are kept in .build-ab/base.json and .build-ab/head.json. With \
            --instructions, instructions are counted in the first round (they do not vary).

            Both sides run their own bench: a base older than the bench's format 2 writes medians \
            only, and gets no verdict on time.
            """)

    @Argument(help: ArgumentHelp("The revision to compare with (a commit, branch or tag).", valueName: "revision"))
    var revision: String

    @Option(help: ArgumentHelp("Alternated runs of each side (at least 2).", valueName: "n"))
    var rounds: Int = 3

    @Option(name: .customLong("scene"), help: ArgumentHelp("Run only this scene (repeatable).", valueName: "name"))
    var sceneNames: [String] = []

    @Option(help: ArgumentHelp("Timed frames per scene and thread count in each run.", valueName: "n"))
    var frames: Int = 20

    @Option(help: ArgumentHelp("Untimed warm-up frames before the timed ones.", valueName: "n"))
    var warmup: Int = 3

    @Option(name: .customLong("threads"), help: ArgumentHelp("Thread count (repeatable).", valueName: "n"))
    var threadOptions: [Int] = []

    @Flag(help: "Count instructions too (in the first round), as `bench --instructions`.")
    var instructions = false

    @OptionGroup var comparison: ComparisonOptions

    func validate() throws {
        guard rounds >= 2 else { throw ValidationError("--rounds must be at least 2 (got \(rounds)).") }
        guard frames >= 1, warmup >= 0 else { throw ValidationError("--frames must be 1 or more and --warmup 0 or more.") }
        let unknown = sceneNames.filter { Workload.named($0) == nil }
        if !unknown.isEmpty { throw ValidationError("unknown scene \(unknown.joined(separator: ", ")); see --list.") }
    }

    func run() throws {
        let root = try Shell.output("git", ["rev-parse", "--show-toplevel"])
        let directory = root + "/.build-ab"
        let baseTree = directory + "/base"
        if FileManager.default.fileExists(atPath: baseTree) {
            try Shell.run("git", ["-C", baseTree, "checkout", "--quiet", "--detach", revision])
        } else {
            try Shell.run("git", ["-C", root, "worktree", "add", "--quiet", "--detach", baseTree, revision])
        }
        let baseCommit = try Shell.output("git", ["-C", baseTree, "rev-parse", "--short", "HEAD"])
        printError("ab: building the base (\(revision), \(baseCommit)) and the working tree")
        for tree in [baseTree, root] {
            try Shell.run("swift", ["build", "-c", "release", "--product", "bench", "--package-path", tree])
        }

        var runs: [Side: [BenchReport]] = [:]
        for round in 1...rounds {
            let order: [Side] = round % 2 == 1 ? [.base, .head] : [.head, .base]
            for side in order {
                printError("ab: round \(round) of \(rounds): \(side.rawValue)")
                let json = "\(directory)/\(side.rawValue)-\(round).json"
                let tree = side == .base ? baseTree : root
                try Shell.run(
                    tree + "/.build/release/bench", arguments(json: json, countInstructions: round == 1),
                    directory: tree, output: .errorsOnly)
                runs[side, default: []].append(try BenchReport.read(from: json))
            }
        }
        var merged: [Side: BenchReport] = [:]
        for side in [Side.base, .head] {
            let report = BenchReport(repetitions: runs[side] ?? [])
            try report.write(to: "\(directory)/\(side.rawValue).json")
            merged[side] = report
        }
        printError("ab: wrote \(directory)/base.json and \(directory)/head.json")
        try comparison.compare(base: merged[.base]!, head: merged[.head]!)
    }

    private enum Side: String { case base, head }

    private func arguments(json: String, countInstructions: Bool) -> [String] {
        var arguments = ["--frames", String(frames), "--warmup", String(warmup), "--json", json]
        for scene in sceneNames { arguments += ["--scene", scene] }
        for threads in threadOptions { arguments += ["--threads", String(threads)] }
        if instructions && countInstructions { arguments.append("--instructions") }
        return arguments
    }
}

extension BenchReport {
    /// One report of several runs: the first run's machine, every run's results (and their
    /// rounds), numbered as repetitions of their scene and thread count in the order of `runs`.
    init(repetitions runs: [BenchReport]) {
        self =
            runs.first
            ?? BenchReport(
                commit: "unknown", date: "", machine: MachineInfo.current().fingerprint,
                warmup: 0, results: [])
        var counts: [String: Int] = [:]
        results = runs.flatMap(\.results).map { result in
            var result = result
            let key = "\(result.scene) @ \(result.threads)"
            result.repetition = counts[key, default: 0]
            counts[key, default: 0] += 1
            return result
        }
    }
}

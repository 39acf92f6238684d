import ArgumentParser
import BenchTracking
import TesseraRaster

/// `bench measure` (the default): draws the scenes and reports milliseconds per frame.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure Tessera on the standard scenes (the default command).",
        discussion: """
            One frame of a raster scene records it on a canvas and renders it into a 1920×1080 \
            pixmap, at every thread count given (by default 1 and all cores); one frame of \
            animate-2000 advances a layer tree's clock and evaluates its presentation, on one \
            thread. The table gives the median, minimum and maximum milliseconds per frame and \
            FPS = 1000 / median. --json keeps every frame's time, the machine's fingerprint, and \
            each scene's pixel hash (of the third frame of a freshly prepared scene, the same at \
            every thread count: a scene whose thread counts draw different bytes fails the run). \
            Compare two runs with `bench compare`.
            """)

    @OptionGroup var options: BenchOptions

    func validate() throws {
        try options.validate()
    }

    func run() throws {
        if options.list {
            print(SceneList.render(Workload.all), terminator: "")
            return
        }
        if options.countedFramesChild {
            for scene in options.selectedScenes {
                CountedFrames.run(try scene.prepare(), warmup: options.warmup, frames: options.frames)
            }
            return
        }
        #if DEBUG
        printError("warning: bench was built in debug mode; its figures are meaningless. Use `swift run -c release bench`.")
        #endif

        let counter = options.instructions ? try InstructionCounter() : nil
        defer { counter?.cleanUp() }
        let machine = MachineInfo.current()
        print(machine.headerLine(frames: options.frames, warmup: options.warmup, rounds: options.rounds))
        print("")

        let runner = BenchRunner(frames: options.frames, warmup: options.warmup)
        let scenes = options.selectedScenes
        let table = ResultTable(sceneColumnWidth: scenes.map(\.name.count).max() ?? 0)
        print(table.header)

        var results: [SceneResult] = []
        var mismatchedPixels: [String] = []
        // Rounds: every scene in turn, then again, so that each result's repetitions are spread
        // over the run and a spell of a busy machine shows as one repetition unlike the others.
        var prepared: [String: PreparedWorkload] = [:]
        var earlierRounds: [String: [SceneResult]] = [:]
        for round in 0..<options.rounds {
            if options.rounds > 1 { printError("round \(round + 1) of \(options.rounds)") }
            let isLastRound = round == options.rounds - 1
            for scene in scenes {
                let workload = try prepared[scene.name] ?? scene.prepare()
                prepared[scene.name] = isLastRound ? nil : workload
                var sceneResults: [SceneResult] = []
                for threads in threadCounts(for: scene) {
                    var result = runner.measure(workload, name: scene.name, threads: threads)
                    result.repetition = options.rounds > 1 ? round : nil
                    sceneResults.append(result)
                }
                guard isLastRound else {
                    earlierRounds[scene.name, default: []] += sceneResults
                    continue
                }
                var all = (earlierRounds[scene.name] ?? []) + sceneResults
                var pooled: [SceneResult] = []
                for threads in threadCounts(for: scene) {
                    let hash = try scene.referencePixelHash(threads: threads)
                    for i in all.indices where all[i].threads == threads { all[i].pixelHash = hash }
                    var row = SceneResult(pooling: all.filter { $0.threads == threads })
                    row.pixelHash = hash
                    pooled.append(row)
                    print(table.row(row))
                    if let stages = table.stages(row) { print(stages) }
                    flushStandardOutput()   // show progress row by row, also through a pipe
                }
                if Set(pooled.compactMap(\.pixelHash)).count > 1 {
                    mismatchedPixels.append(scene.name)
                    printError(
                        "error: \(scene.name) draws different pixels at different thread counts: "
                            + pooled.map { "\($0.threads): \($0.pixelHash ?? "none")" }.joined(separator: ", "))
                }
                // Counts and predictions go with the last round's 1-thread result.
                let lastOne = all.lastIndex { $0.threads == 1 }
                if let counter, let index = lastOne {
                    all[index].record(try counter.count(scene))
                    if let line = table.instructions(all[index]) { print(line) }
                    flushStandardOutput()
                }
                if !options.predictedThreads.isEmpty, let index = lastOne,
                    let schedule = TaskPrediction.schedule(of: workload, plannedThreads: options.predictedThreads.max()!)
                {
                    all[index].record(schedule, predicting: options.predictedThreads.uniqued())
                    if let line = table.prediction(all[index], measured: pooled) { print(line) }
                    print(table.span(schedule))
                    flushStandardOutput()
                }
                results += all
                if let directory = options.png, let frame = workload.lastFrame {
                    let path = try PNGOutput.write(frame, directory: directory, sceneName: scene.name)
                    printError("wrote \(path)")
                }
            }
        }

        if let limit = options.maxMemoryGrowth {
            try MemoryCheck(limitMB: limit).verify(results)
        }

        let report = BenchReport(
            commit: machine.commit, date: machine.date, machine: machine.fingerprint,
            warmup: options.warmup, results: results)
        if let path = options.json {
            try report.write(to: path)
            printError("wrote \(path)")
        }
        if !mismatchedPixels.isEmpty {
            throw BenchError(
                "frames differ between thread counts in \(mismatchedPixels.joined(separator: ", ")): "
                    + "the renderer is not deterministic")
        }
    }

    /// The thread counts to run `scene` at: 1 only where threads do not matter, and 1 added for
    /// `--instructions` and `--predict`, which count and record at 1 thread.
    private func threadCounts(for scene: Workload) -> [Int] {
        guard scene.usesThreads else { return [1] }
        let counts = options.threadCounts
        let needsOne = options.instructions || !options.predictedThreads.isEmpty
        return needsOne && !counts.contains(1) ? [1] + counts : counts
    }
}

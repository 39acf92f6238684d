import ArgumentParser

import TesseraRaster

/// `bench`: draws the standard scenes and reports milliseconds per frame and frames per second.
///
/// Run it from a release build: `swift run -c release bench`. See `--help` for the options.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Tessera on the standard scenes of Benchmarks/bench-scenes.md and the model's evaluation.",
        discussion: """
            One frame of a raster scene records it on a canvas and renders it into a 1920×1080 \
            pixmap, at every thread count given (by default 1 and all cores); one frame of \
            animate-2000 advances a layer tree's clock and evaluates its presentation, on one \
            thread. The table gives the median, minimum and maximum milliseconds per frame and \
            FPS = 1000 / median.
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
        #if DEBUG
        printError("warning: bench was built in debug mode; its figures are meaningless. Use `swift run -c release bench`.")
        #endif

        // Read the baseline first: a bad path should fail before minutes of measuring.
        let baseline = try options.baseline.map { try BenchReport.read(from: $0) }
        let machine = MachineInfo.current()
        print(machine.headerLine(frames: options.frames, warmup: options.warmup))
        print("")

        let runner = BenchRunner(frames: options.frames, warmup: options.warmup)
        let scenes = options.selectedScenes
        let table = ResultTable(sceneColumnWidth: scenes.map(\.name.count).max() ?? 0)
        print(table.header)

        var results: [SceneResult] = []
        for scene in scenes {
            let prepared = try scene.prepare()
            for threads in scene.usesThreads ? options.threadCounts : [1] {
                let result = runner.measure(prepared, name: scene.name, threads: threads)
                results.append(result)
                print(table.row(result))
                if let stages = table.stages(result) { print(stages) }
                flushStandardOutput()  // show progress row by row, also through a pipe
            }
            if let directory = options.png, let frame = prepared.lastFrame {
                let path = try PNGOutput.write(frame, directory: directory, sceneName: scene.name)
                printError("wrote \(path)")
            }
        }

        if let limit = options.maxMemoryGrowth {
            try MemoryCheck(limitMB: limit).verify(results)
        }

        let report = BenchReport(machine: machine, warmup: options.warmup, results: results)
        if let path = options.json {
            try report.write(to: path)
            printError("wrote \(path)")
        }
        if let baseline, let path = options.baseline {
            let comparison = BaselineComparison(current: report, baseline: baseline,
                                                tolerancePercent: options.tolerance)
            print("")
            print(comparison.render(baselinePath: path, sceneColumnWidth: table.sceneColumnWidth), terminator: "")
            if !comparison.regressions.isEmpty {
                printError("error: \(comparison.regressions.count) result(s) slower than the baseline by more than \(Format.percent(options.tolerance))")
                throw ExitCode(1)
            }
        }
    }
}

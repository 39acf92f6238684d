import BenchTracking

/// The results table: one row per scene and thread count, fixed-width columns.
///
/// ```
/// scene                  threads  median ms       fps     min ms     max ms
/// fill-polygons                1     12.345      81.0     12.100     13.002
/// ```import BenchTracking

struct ResultTable {
    /// The width of the scene column (at least the width of its title).
    let sceneColumnWidth: Int
    static let numberWidth = 10

    init(sceneColumnWidth: Int) {
        self.sceneColumnWidth = max(sceneColumnWidth, "scene".count)
    }

    var header: String {
        [
            Format.left("scene", sceneColumnWidth), Format.right("threads", 7),
            Format.right("median ms", Self.numberWidth), Format.right("fps", Self.numberWidth),
            Format.right("min ms", Self.numberWidth), Format.right("max ms", Self.numberWidth),
        ]
        .joined(separator: "  ")
    }

    func row(_ result: SceneResult) -> String {
        [
            Format.left(result.scene, sceneColumnWidth), Format.right(String(result.threads), 7),
            Format.right(Format.fixed(result.medianMs, 3), Self.numberWidth),
            Format.right(Format.fixed(result.fps, 1), Self.numberWidth),
            Format.right(Format.fixed(result.minMs, 3), Self.numberWidth),
            Format.right(Format.fixed(result.maxMs, 3), Self.numberWidth),
        ]
        .joined(separator: "  ")
    }

    /// The steps of a frame, under its row: `  median ms by step: evaluation 0.912, …`.
    func stages(_ result: SceneResult) -> String? {
        let timed = (result.stages ?? []).compactMap { stage in stage.medianMs.map { (stage.stage, $0) } }
        guard !timed.isEmpty else { return nil }
        return "  median ms by step: " + timed.map { "\($0.0) \(Format.fixed($0.1, 3))" }.joined(separator: ", ")
    }
}

/// The `--list` output: each scene's name and summary.
enum SceneList {
    static func render(_ scenes: [Workload]) -> String {
        let width = scenes.map(\.name.count).max() ?? 0
        return scenes.map { Format.left($0.name, width) + "  " + $0.summary + "\n" }.joined()
    }
}

extension ResultTable {
    /// The counts under a row: `  instructions per frame: 117,861,234 (evaluation 4.2M, …), 310 allocations`.
    func instructions(_ result: SceneResult) -> String? {
        guard let total = result.instructionsPerFrame else { return nil }
        let stages = (result.stages ?? []).compactMap { stage in
            stage.instructionsPerFrame.map { "\(stage.stage) \(Format.fixed($0 / 1e6, 3))M" }
        }
        return "  instructions per frame: \(Format.fixed(total / 1e6, 3))M (" + stages.joined(separator: ", ") + ")"
            + ", \(Format.fixed(result.allocationsPerFrame ?? 0, 0)) allocations"
    }

    /// The task model's prediction under a row, with the measured time where a thread count was
    /// run: `  tasks: work 9.8 ms, span 0.6 ms; predicted 2 threads 5.1 ms (1.92×, measured 5.4), …`.
    func prediction(_ result: SceneResult, measured: [SceneResult]) -> String? {
        guard let work = result.workMs, let span = result.spanMs, let predicted = result.predictedMs else { return nil }
        let counts = predicted.keys.compactMap(Int.init).sorted()
        let parts = counts.map { threads -> String in
            let ms = predicted[String(threads)]!
            let run = measured.first { $0.threads == threads }.map { ", measured \(Format.fixed($0.medianMs, 2))" } ?? ""
            return "\(threads) threads \(Format.fixed(ms, 2)) ms (\(Format.fixed(work / ms, 2))×\(run))"
        }
        return "  tasks: work \(Format.fixed(work, 2)) ms, span \(Format.fixed(span, 2)) ms; predicted " + parts.joined(separator: ", ")
    }

    /// What the critical path is made of: `  span by stage: drawing walk 2.10, rasterization 0.40 (ms)`.
    func span(_ schedule: TaskSchedule) -> String {
        "  span by stage (ms): "
            + schedule.spanByStage.map { "\($0.stage) \(Format.fixed($0.milliseconds, 2))" }
            .joined(separator: ", ")
    }
}

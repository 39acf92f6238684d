/// The comparison of a run with a baseline run (`--baseline`), matched by scene and thread count.
struct BaselineComparison {
    /// A result present in both runs.
    struct Pair {
        let current: SceneResult
        let baseline: SceneResult
        /// Current median over baseline median: above 1 is slower.
        var ratio: Double { current.medianMs / baseline.medianMs }
    }

    let baseline: BenchReport
    let tolerancePercent: Double
    /// Results in both runs, in the current run's order.
    let pairs: [Pair]
    /// Results of the current run that the baseline lacks.
    let missingInBaseline: [SceneResult]
    /// Results of the baseline that the current run lacks.
    let missingInCurrent: [SceneResult]

    init(current: BenchReport, baseline: BenchReport, tolerancePercent: Double) {
        struct Key: Hashable { let scene: String, threads: Int }
        var baselineByKey: [Key: SceneResult] = [:]
        for result in baseline.results where baselineByKey[Key(scene: result.scene, threads: result.threads)] == nil {
            baselineByKey[Key(scene: result.scene, threads: result.threads)] = result
        }
        let currentKeys = Set(current.results.map { Key(scene: $0.scene, threads: $0.threads) })
        var pairs: [Pair] = []
        var missingInBaseline: [SceneResult] = []
        for result in current.results {
            if let old = baselineByKey[Key(scene: result.scene, threads: result.threads)] {
                pairs.append(Pair(current: result, baseline: old))
            } else {
                missingInBaseline.append(result)
            }
        }
        self.baseline = baseline
        self.tolerancePercent = tolerancePercent
        self.pairs = pairs
        self.missingInBaseline = missingInBaseline
        self.missingInCurrent = baseline.results.filter { !currentKeys.contains(Key(scene: $0.scene, threads: $0.threads)) }
    }

    /// The largest ratio that is not a regression.
    var limit: Double { 1 + tolerancePercent / 100 }

    /// Pairs slower than the baseline by more than the tolerance.
    var regressions: [Pair] { pairs.filter { !($0.ratio <= limit) } }

    func verdict(_ pair: Pair) -> String {
        let ratio = pair.ratio
        if !(ratio <= limit) { return "SLOWER" }
        if ratio < 1 / limit { return "faster" }
        return "ok"
    }

    /// The comparison table and the lists of unmatched results.
    func render(baselinePath: String, sceneColumnWidth: Int) -> String {
        let width = max(sceneColumnWidth, (pairs.map(\.current.scene.count).max() ?? 0), "scene".count)
        var lines: [String] = []
        lines.append("baseline \(baselinePath) (commit \(baseline.commit ?? "unknown"), \(baseline.date ?? "undated")), "
                     + "tolerance \(Format.percent(tolerancePercent))")
        lines.append([Format.left("scene", width), Format.right("threads", 7), Format.right("base ms", 10),
                      Format.right("now ms", 10), Format.right("now/base", 8), "verdict"].joined(separator: "  "))
        for pair in pairs {
            lines.append([Format.left(pair.current.scene, width), Format.right(String(pair.current.threads), 7),
                          Format.right(Format.fixed(pair.baseline.medianMs, 3), 10),
                          Format.right(Format.fixed(pair.current.medianMs, 3), 10),
                          Format.right(Format.fixed(pair.ratio, 3), 8), verdict(pair)].joined(separator: "  "))
        }
        for result in missingInBaseline {
            lines.append("not in baseline: \(result.scene) at \(result.threads) thread(s)")
        }
        for result in missingInCurrent {
            lines.append("not in this run: \(result.scene) at \(result.threads) thread(s)")
        }
        let slower = regressions.count
        lines.append(slower == 0
            ? "no regressions beyond \(Format.percent(tolerancePercent))"
            : "\(slower) regression(s) beyond \(Format.percent(tolerancePercent))")
        return lines.map { $0 + "\n" }.joined()
    }
}

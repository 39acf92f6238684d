import ArgumentParser
import BenchTracking

/// How `compare` judges a change: shared by `bench compare` and `bench ab`.
struct ComparisonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Changes of time smaller than this, in percent, are never flagged.", valueName: "percent"))
    var noiseFloor: Double = 5

    @Option(
        help: ArgumentHelp(
            "Changes of instructions per frame smaller than this, in percent, are never flagged.",
            valueName: "percent"))
    var instructionTolerance: Double = 0.1

    @Flag(help: "Print the comparison as Markdown (for a pull request comment).")
    var markdown = false

    @Flag(help: "Fail (exit 1) when a scene's pixels changed.")
    var requireSamePixels = false

    func validate() throws {
        guard noiseFloor.isFinite, noiseFloor >= 0 else {
            throw ValidationError("--noise-floor must be a percentage of 0 or more (got \(noiseFloor)).")
        }
        guard instructionTolerance.isFinite, instructionTolerance >= 0 else {
            throw ValidationError("--instruction-tolerance must be a percentage of 0 or more (got \(instructionTolerance)).")
        }
    }

    /// Prints the comparison of `head` with `base` and exits with its status.
    func compare(base: BenchReport, head: BenchReport) throws {
        let comparison = BenchComparison(
            base: base, head: head, noiseFloor: noiseFloor / 100,
            instructionTolerance: instructionTolerance / 100)
        print(ComparisonText(comparison, markdown: markdown).render(), terminator: "")
        if requireSamePixels && !comparison.pixelChanges.isEmpty {
            printError("error: pixels changed in \(comparison.pixelChanges.count) result(s) (--require-same-pixels)")
            throw ExitCode(1)
        }
        if comparison.exitStatus != 0 { throw ExitCode(comparison.exitStatus) }
    }
}

/// `bench compare BASE.json HEAD.json`.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two --json runs: per scene and thread count, the change with its interval and a verdict.",
        discussion: """
            Time: the ratio of the median frame times (head / base) with a 95% bootstrap \
            confidence interval (2,000 resamples, seeded, so the same files give the same \
            interval). Each side's runs (its repetitions: `bench ab` alternates several) are \
            resampled, then each drawn run's frames, so the machine's drift between runs widens \
            the interval. A change is a regression only when the whole interval lies above \
            1 + noise floor, an improvement only when it lies below 1 / (1 + noise floor); with \
            fewer than 9 frames on a side there is no verdict on time. With one run a side the \
            interval sees only the spread of frames, not the drift between runs: the noise floor \
            (5% by default) covers that; alternate runs (`bench ab`) to see smaller changes.

            Instructions (`bench --instructions`, the same every run): a change beyond \
            --instruction-tolerance (0.1%) is flagged. Pixels: the reference frames' hashes are \
            compared; a speed-up must not come from drawing something else.

            Exit status: 0 when nothing changed, 2 when anything regressed, 4 when there are only \
            improvements, 1 on an error (an unreadable file, or changed pixels with \
            --require-same-pixels).
            """)

    @Argument(help: ArgumentHelp("The run to compare with (a bench --json file).", valueName: "base.json"))
    var base: String

    @Argument(help: ArgumentHelp("The run to judge (a bench --json file).", valueName: "head.json"))
    var head: String

    @OptionGroup var comparison: ComparisonOptions

    func run() throws {
        try comparison.compare(base: BenchReport.read(from: base), head: BenchReport.read(from: head))
    }
}

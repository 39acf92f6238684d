import ArgumentParser

/// `bench`: measures Tessera on the standard scenes (`bench measure`, the default), compares two
/// runs (`bench compare`), and measures a base revision against the working tree in one sitting
/// (`bench ab`).
///
/// Run it from a release build: `swift run -c release bench`. See `--help` for the options.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Tessera on the standard scenes of Benchmarks/bench-scenes.md, and track regressions.",
        subcommands: [MeasureCommand.self, CompareCommand.self, ABCommand.self],
        defaultSubcommand: MeasureCommand.self)
}

import ArgumentParser

/// `tessera`: render layer trees (built-in demo scenes) to PNG images, numbered frame sequences
/// and animated PNGs.
@main
struct TesseraCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "Render Core Animation layer trees with Tessera.",
        subcommands: [Render.self, Scenes.self, Inspect.self])
}

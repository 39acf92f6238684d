import ArgumentParser

/// `tessera`: render Core Animation layer trees (built-in demo scenes and archives) to images,
/// frame sequences, animated PNGs, videos and raw streams; inspect archives; convert between
/// archives, CAML and .ca bundles.
@main
struct TesseraCommand: ParsableCommand {
    /// The version `tessera --version` prints.
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "Render Core Animation layer trees with Tessera.",
        discussion: "Shell completions: tessera --generate-completion-script bash|zsh|fish",
        version: "tessera \(version)",
        subcommands: [Render.self, Scenes.self, Inspect.self, Convert.self])

    /// Runs the command line: a plain `render` through ``RenderRequest/init(quickParsing:)``
    /// (a start without ArgumentParser's reflection, which a short render pays for as much as
    /// for its frames), anything else through ArgumentParser.
    static func main() {
        guard let request = RenderRequest(quickParsing: CommandLine.arguments.dropFirst()) else {
            return main(nil)
        }
        do {
            try request.run()
        } catch {
            exit(withError: error)
        }
    }
}

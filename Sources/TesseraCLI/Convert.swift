import ArgumentParser
import Foundation
import Tessera
import TesseraDemos
import TesseraLottie

/// `tessera convert IN OUT`: a layer tree from one file format to another, `.caar`, `.caml` or a
/// `.ca` bundle folder, each told by its extension. What reading left out and what the output
/// format cannot hold are reported on standard error; what cannot be written at all fails.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a layer tree between Core Animation Archives (.caar), CAML (.caml) and .ca bundles.",
        discussion: """
            The output format follows OUT's extension: .caar, .caml (its images in assets/ beside it)
            or .ca (a bundle folder: main.caml, index.xml, assets/). An existing OUT is replaced
            only with --force.

              tessera convert Checkmark.caar Checkmark.ca
              tessera convert Bluetooth.ca Bluetooth.caml
              tessera convert pack.tendies --bundle Glyph.ca Glyph.caar
              tessera convert loader.json loader.caar
              tessera convert switch.json --value '**.Fill 1.Color=#FF0000' switch.caml

            Exit status: 0 written; 64 the command line (an unknown output extension, OUT exists
            without --force, IN and OUT the same); 65 IN is malformed or holds what OUT's format
            cannot (a NaN, a transition in progress, a character XML forbids); 66 IN is missing or
            unreadable; 73 OUT cannot be written.
            """)

    @Argument(help: "A .caar, .caml, .ca bundle or .tendies file (with --bundle), a Lottie animation (.json), or a demo scene.")
    var input: String

    @Argument(help: "The file or folder to write: .caar, .caml or .ca.")
    var output: String

    @Option(help: "One .ca bundle of a .tendies file: a wallpaper's Background, Floating or Foreground, or any unique part of its path.")
    var bundle: String?

    @OptionGroup var lottieProviders: LottieProviderArguments

    @Flag(help: "Replace OUT when it exists (a .ca folder is removed first).")
    var force = false

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    func run() throws {
        try reportingFailures {
            let outputURL = URL(fileURLWithPath: output)
            guard let format = SceneFileFormat(of: outputURL) else {
                throw CommandFailure(.usage, "\(output): the output's extension must be \(SceneFileFormat.extensionsInWords)")
            }
            if URL(fileURLWithPath: input).standardizedFileURL == outputURL.standardizedFileURL {
                throw CommandFailure(.usage, "\(output): is the input itself")
            }
            let archive: SceneDocument
            var skipped: [SkippedFeature] = []
            let providers = lottieProviders.options
            if !providers.isEmpty && SceneFileKind(of: input) != .lottie {
                throw CommandFailure(
                    .usage, "\(input): --value, --image, --image-gravity, --text, --font and --viewport are for Lottie animations")
            }
            if let demo = DemoScene.named(input) {
                archive = SceneDocument(rootLayer: demo.build(), documentSize: demo.size)
            } else if SceneFileKind(of: input) == .lottie {
                let animation = try LottieSource.load(
                    input, options: SceneOptions(bundle: bundle, lottie: try providers.isEmpty ? nil : providers.configuration()))
                archive = SceneDocument(rootLayer: animation.rootLayer, documentSize: animation.size)
                skipped = animation.skipped
            } else {
                archive = try SceneSource.archive(input, bundle: bundle).archive
                skipped = archive.skipped
            }
            try prepareOutput(outputURL)
            do {
                try format.write(archive, to: outputURL)
            } catch {
                guard case SceneDocumentError.unwritableFile = error else { throw CommandFailure(.dataError, "\(input): \(error)") }
                throw CommandFailure(.cannotCreate, "\(output): \(error)")
            }
            guard !quiet else { return }
            skipped = SkippedFeature.sortedBySeverity(skipped)
            if let summary = SkippedFeature.summary(of: skipped) {
                warn("\(input): reading left out \(summary):")
                for item in skipped { warn("  [\(item.severity)] \(item)") }
            }
            for loss in format.losses(of: archive) { warn("\(output): \(loss)") }
            FileHandle.standardError.write(Data("tessera: wrote \(output)\n".utf8))
        }
    }

    /// Refuses an existing output without `--force`; with it, removes what is there.
    private func prepareOutput(_ url: URL) throws(CommandFailure) {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        guard force else { throw CommandFailure(.usage, "\(output): exists (--force replaces it)") }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw CommandFailure(.cannotCreate, "\(output): cannot replace it: \(error.localizedDescription)")
        }
    }

    private func warn(_ message: String) {
        FileHandle.standardError.write(Data("tessera: warning: \(message)\n".utf8))
    }
}

import Foundation
import TesseraCore
import TesseraRaster

/// Where `tessera render` writes and in which format, decided from `-o`, `--format`, `--apng`
/// and whether several frames were asked for. The rules:
/// - `-o -` is standard output: one PNG, or for an animation a raw stream (`--format rgba`, the
///   default, or `y4m`; any other format with `--format`).
/// - `-o DIR/` (a trailing slash, or an existing folder) holds numbered PNGs, `NAME-0001.png`….
/// - `-o FILE.EXT`: the format follows the extension (`--format` must agree with it; an
///   animated PNG may be named `.png` or `.apng`). An unknown extension is an error, never a
///   silent PNG; so is a single-image PNG asked to hold several frames.
/// - No `-o`: `NAME.png` for one frame, `NAME.EXT` for an animation in a `--format`.
struct OutputPlan: Equatable {
    let format: FrameFormat
    let destination: FrameDestination

    /// How messages name the output.
    var displayName: String {
        switch destination {
        case .file(let path): path
        case .standardOutput: "standard output"
        case .directory(let path, _): path
        }
    }

    /// - Parameters:
    ///   - output: `-o`, if given.
    ///   - format: `--format`, if given.
    ///   - animated: whether frames over time were asked for (`--frames`, `--duration`, `--apng`,
    ///     or an animation format).
    ///   - frameCount: how many frames will be written.
    ///   - baseName: the scene's name, for default and numbered file names.
    init(
        output: String?, format: FrameFormat?, animated: Bool, frameCount: Int, baseName: String,
        isDirectory: (String) -> Bool = OutputPlan.isExistingDirectory
    ) throws(CommandFailure) {
        guard let output else {
            if let format {
                self.init(format: format, destination: .file("\(baseName).\(format.pathExtensions[0])"))
            } else if animated {
                throw CommandFailure(
                    .usage,
                    """
                    an animation needs -o: a FILE.apng, .mp4, .webm, .gif or .webp, a folder DIR/ for numbered PNGs, or - with --format \
                    rgba|y4m for a pipe
                    """
                )
            } else {
                self.init(format: .png, destination: .file("\(baseName).png"))
            }
            try check(frameCount: frameCount)
            return
        }
        if output == "-" {
            self.init(format: format ?? (animated ? .rgba : .png), destination: .standardOutput)
        } else if output.hasSuffix("/") || isDirectory(output) {
            guard format == nil || format == .png else {
                throw CommandFailure(.usage, "\(output) is a folder: it takes numbered PNGs; give a file name for \(format!.rawValue)")
            }
            self.init(format: .png, destination: .directory(output, baseName: baseName))
        } else {
            let pathExtension = PathName.pathExtension(of: output)
            guard let implied = FrameFormat(pathExtension: pathExtension) else {
                let what = pathExtension.isEmpty ? "has no extension" : "has an unknown extension .\(pathExtension)"
                let formats = FrameFormat.allCases.map { $0.pathExtensions.joined(separator: "/") }.joined(separator: ", ")
                throw CommandFailure(.usage, "\(output) \(what): name it for its format (\(formats)), or end it with / for numbered PNGs")
            }
            let chosen: FrameFormat
            if let format, format != implied {
                // An animated PNG is a PNG file: `.png` is its usual name.
                guard format == .apng && implied == .png else {
                    throw CommandFailure(
                        .usage,
                        """
                        \(output): the extension .\(pathExtension) does not fit --format \(format.rawValue) (use \
                        .\(format.pathExtensions[0]))
                        """
                    )
                }
                chosen = .apng
            } else {
                chosen = implied
            }
            self.init(format: chosen, destination: .file(output))
        }
        try check(frameCount: frameCount)
    }

    init(format: FrameFormat, destination: FrameDestination) {
        self.format = format
        self.destination = destination
    }

    /// A single-image PNG holds one frame.
    private func check(frameCount: Int) throws(CommandFailure) {
        guard format == .png, frameCount > 1 else { return }
        if case .directory = destination { return }
        throw CommandFailure(
            .usage,
            """
            \(displayName) is one PNG image and cannot hold \(frameCount) frames: write an animated PNG (.apng or --format apng), a video \
            (.mp4, .webm, .gif, .webp), or numbered PNGs into a folder (-o DIR/)
            """
        )
    }

    static func isExistingDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

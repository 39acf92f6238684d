import ArgumentParser
import Foundation
import Tessera
import TesseraRaster

/// `tessera render`: one frame to a PNG, a numbered frame sequence, or an animated PNG.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene at a time, or as frames.",
        discussion: """
            One frame: tessera render checkmark --time 0.3 -o check.png
            Frames:    tessera render shape-morph --frames 45 --fps 30 -o frames/
            Animated:  tessera render message-dots --apng dots.png
            Archives:  tessera render Checkmark.caar --apng check.png
            """)

    @Argument(help: "A demo scene (see `tessera scenes`) or a Core Animation Archive (.caar).")
    var scene: String

    @Option(help: "The time of the (first) frame, in seconds.")
    var time: Double = 0

    @Option(help: "The output size in pixels, as WxH (default: the scene's size times the scale).")
    var size: PixelSize?

    @Option(help: "Pixels per point.")
    var scale: Double = 1

    @Option(name: [.short, .customLong("output")], help: "The PNG to write (one frame), or the folder for --frames.")
    var output: String?

    @Option(help: "Render this many frames, 1/fps apart, as DIR/<scene>-0001.png… (needs -o DIR/).")
    var frames: Int?

    @Option(help: "Frames per second for --frames and --apng.")
    var fps: Int = 30

    @Option(help: "Write an animated PNG of --frames frames (default: one cycle of the scene).")
    var apng: String?

    @Option(help: "Rasterizer threads (default: every core).")
    var threads: Int = Canvas.processorCount

    mutating func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 64 else { throw ValidationError("--scale must be in (0, 64]") }
        guard time.isFinite else { throw ValidationError("--time must be finite") }
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be in 1…1000") }
        if let frames, !(1...100_000).contains(frames) { throw ValidationError("--frames must be in 1…100000") }
        if frames != nil && apng == nil && output == nil { throw ValidationError("--frames needs -o DIR/ (or --apng)") }
    }

    func run() throws {
        let source: SceneSource
        do {
            source = try SceneSource(scene)
        } catch {
            throw ValidationError("\(error)")
        }
        let pixelSize = size ?? PixelSize(width: max(1, Int((Double(source.size.width) * scale).rounded(.up))),
                                          height: max(1, Int((Double(source.size.height) * scale).rounded(.up))))
        let pixmap = try Pixmap(width: pixelSize.width, height: pixelSize.height)
        let renderer = LayerRenderer(threadCount: threads)
        renderer.scale = scale
        func render(at t: Double) {
            source.prepare(t)
            renderer.render(source.root, at: t, into: pixmap)
        }

        // A sequence: numbered PNGs (--frames with -o DIR/), an animated PNG (--apng), or both
        // from one rendering of each frame.
        if frames != nil || apng != nil {
            let count = frames ?? max(1, Int((source.duration * Double(fps)).rounded()))
            let directory = frames != nil ? output : nil
            if let directory { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            var animation = apng.map { _ in AnimatedPNG(framesPerSecond: fps) }
            let progress = Progress(total: count)
            for i in 0..<count {
                render(at: time + Double(i) / Double(fps))
                try animation?.append(pixmap)
                if let directory {
                    let name = String(format: "%@-%04d.png", source.name, i + 1)
                    try pixmap.writePNG(to: URL(fileURLWithPath: directory).appendingPathComponent(name).path)
                }
                progress.advance()
            }
            if let apng, let bytes = animation?.encoded() {
                try Data(bytes).write(to: URL(fileURLWithPath: apng))
                print("wrote \(apng) (\(count) frames, \(pixelSize.width)×\(pixelSize.height))")
            }
            if let directory { print("wrote \(count) frames to \(directory)") }
            return
        }
        let path = output ?? "\(source.name).png"
        render(at: time)
        try pixmap.writePNG(to: path)
        print("wrote \(path) (\(pixelSize.width)×\(pixelSize.height), t = \(time) s)")
    }
}

/// A size in pixels, parsed from `WxH`.
struct PixelSize: ExpressibleByArgument {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0,
              w <= Pixmap.maximumDimension, h <= Pixmap.maximumDimension else { return nil }
        self.init(width: w, height: h)
    }
}

/// A progress bar on standard error, drawn only when it is a terminal.
final class Progress {
    private let total: Int
    private var done = 0
    private let isTerminal = isatty(STDERR_FILENO) != 0

    init(total: Int) {
        self.total = total
    }

    func advance() {
        done += 1
        guard isTerminal else { return }
        let width = 30, filled = width * done / max(total, 1)
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total)".utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

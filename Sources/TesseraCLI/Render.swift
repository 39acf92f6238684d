import ArgumentParser
import Foundation
import Tessera
import TesseraRaster

/// `tessera render`: one frame, numbered frames, an animated PNG, a video or a raw stream.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a demo scene, a Core Animation Archive or a Lottie animation to an image, frames or a video.",
        discussion: """
            The format follows -o's extension (png, apng, mp4, webm, gif, webp, rgba, y4m) or --format.
            Without --frames or --duration an animation lasts one cycle of its longest animation
            (at most 60 s). Video formats need ffmpeg.

              One frame:  tessera render checkmark --time 0.3 -o check.png
              Frames:     tessera render shape-morph --frames 45 --fps 30 -o frames/
              Animated:   tessera render message-dots -o dots.apng
              Video:      tessera render Checkmark.caar --scale 2 -o check.mp4
              Pipe:       tessera render Checkmark.caar --duration 2 -o - --format rgba | ffmpeg -f rawvideo -pix_fmt rgba -s 400x400 -r 30 -i - out.mkv
              A state:    tessera render Bluetooth.caml --state on -o on.png
              Transition: tessera render Brightness.caml --transition min:max -o min-max.apng
              Wallpaper:  tessera render Aurora.tendies --scale 3 -o aurora.png
              Unlocking:  tessera render Aurora.tendies --transition Locked:Unlock -o preview.gif
              One bundle: tessera render Aurora.tendies --bundle Floating -o floating.png
              Lottie:     tessera render loader.json -o loader.apng
              A marker:   tessera render loader.json --marker intro -o intro.apng

            A wallpaper (a .tendies file or its folder) renders whole without --bundle: its
            bundles stacked as iOS stacks them (background, foreground, floating), at the screen's
            size in points (--scale 3 for an @3x phone's pixels); --state and --transition drive
            every bundle that has the state. Scripts in the bundles are reported, not run.

            A Lottie animation (.json) starts at its in point (--time 0) and lasts its own length
            unless --frames or --duration say otherwise.
            """)

    /// The most threads `--threads` takes.
    static let maximumThreads = 256

    @Argument(
        help:
            """
            A demo scene (see `tessera scenes`), a Core Animation Archive (.caar), a CAML document (.caml), a .ca bundle folder, a \
            wallpaper (a .tendies file or its folder), or a Lottie animation (.json).
            """
    )
    var scene: String

    @Option(help: "One .ca bundle of a .tendies file: a wallpaper's Background, Floating or Foreground, or any unique part of its path.")
    var bundle: String?

    @Option(help: "Show a CAML document, or every bundle of a wallpaper that has it, in this state (its values set, no animation).")
    var state: String?

    @Option(
        help: ArgumentHelp(
            """
            Animate a CAML document's (or a wallpaper's bundles') transition from one state to another, beginning at time 0 (* is the \
            base state).
            """,
            valueName: "FROM:TO"))
    var transition: String?

    @Option(
        name: [.short, .customLong("output")],
        help: "The file to write (its extension gives the format), a folder DIR/ for numbered PNGs, or - for standard output.")
    var output: String?

    @Option(
        help: ArgumentHelp(
            "The output format, when -o's extension does not say it or for -o -.", valueName: "png|apng|mp4|webm|gif|webp|rgba|y4m"))
    var format: FrameFormat?

    @Option(help: "Write an animated PNG to this file (the same as -o FILE --format apng).")
    var apng: String?

    @Option(parsing: .unconditional, help: "The time of the (first) frame, in seconds; may be negative.")
    var time: Double = 0

    @Option(
        help: ArgumentHelp(
            "Render a Lottie animation's marker: its segment (--time counts from its start; its length unless --frames or --duration).",
            valueName: "NAME"))
    var marker: String?

    @Option(parsing: .unconditional, help: "How many seconds to render (default: one cycle of the longest animation, at most 60 s).")
    var duration: Double?

    @Option(parsing: .unconditional, help: "How many frames to render, 1/fps apart.")
    var frames: Int?

    @Option(parsing: .unconditional, help: "Frames per second of an animation.")
    var fps: Int = 30

    @Option(help: "The output size in pixels, as WxH (default: the scene's size times the scale).")
    var size: PixelSize?

    @Option(parsing: .unconditional, help: "Pixels per point.")
    var scale: Double = 1

    @Option(help: "What the frames are drawn over: a colour (#RRGGBB, #RRGGBBAA, white, black, transparent) or a PNG of the frame's size.")
    var background: BackgroundOption = .color(.clear)

    @Option(parsing: .unconditional, help: "Rasterizer threads (default: every core).")
    var threads: Int?

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    mutating func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 64 else { throw ValidationError("--scale must be in (0, 64], not \(scale)") }
        guard time.isFinite else { throw ValidationError("--time must be a finite number of seconds") }
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be in 1…1000, not \(fps)") }
        if let threads, !(1...Self.maximumThreads).contains(threads) {
            throw ValidationError("--threads must be in 1…\(Self.maximumThreads), not \(threads)")
        }
        if let frames, !(1...FrameTimeline.maximumFrameCount).contains(frames) {
            throw ValidationError("--frames must be in 1…\(FrameTimeline.maximumFrameCount), not \(frames)")
        }
        if let duration {
            guard duration.isFinite, duration > 0 else { throw ValidationError("--duration must be a positive number of seconds") }
            guard duration * Double(fps) <= Double(FrameTimeline.maximumFrameCount) else {
                throw ValidationError("--duration \(duration) at \(fps) fps is over the limit of \(FrameTimeline.maximumFrameCount) frames")
            }
        }
        if frames != nil && duration != nil { throw ValidationError("give --frames or --duration, not both") }
        if apng != nil && output != nil { throw ValidationError("give -o or --apng, not both") }
        if apng != nil, let format, format != .apng { throw ValidationError("--apng writes an animated PNG, not \(format.rawValue)") }
        if let size {
            guard size.width <= Pixmap.maximumDimension, size.height <= Pixmap.maximumDimension else {
                throw ValidationError("--size \(size.width)x\(size.height) is over the limit of \(Pixmap.maximumDimension) pixels a side")
            }
            guard size.width * size.height <= Pixmap.maximumPixelCount else {
                throw ValidationError("--size \(size.width)x\(size.height) is over the limit of \(Pixmap.maximumPixelCount) pixels")
            }
        }
    }

    func run() throws {
        try reportingFailures {
            let source = try SceneSource(scene, options: SceneOptions(bundle: bundle, state: state, transition: transition))
            let pixelSize = try frameSize(of: source)
            let animated = frames != nil || duration != nil || apng != nil || requestsAnimation
            var warnings: [String] = []
            let segment = try LottieSource.segment(named: marker, of: source)
            let start = (segment?.time ?? 0) + time
            let timeline: FrameTimeline
            if let frames {
                timeline = FrameTimeline(start: start, frameCount: frames, framesPerSecond: fps)
            } else if animated {
                let (seconds, warning) = duration.map { ($0, nil) } ?? segment.map { ($0.duration, nil) } ?? source.defaultDuration
                if let warning { warnings.append(warning) }
                timeline = FrameTimeline(start: start, duration: seconds, framesPerSecond: fps)
            } else {
                timeline = FrameTimeline(start: start, frameCount: 1, framesPerSecond: fps)
            }
            let plan = try OutputPlan(
                output: apng ?? output, format: apng != nil ? .apng : format, animated: animated,
                frameCount: timeline.frameCount, baseName: source.name)
            warnings += source.notRendered.map { "\(source.displayName): not rendered: \($0)" }
            if let summary = SkippedFeature.summary(of: source.skipped) {
                warnings.append("\(source.displayName): not drawn: \(summary) (`tessera inspect \(source.displayName)` lists them)")
            }
            if !quiet { for warning in warnings { FileHandle.standardError.write(Data("tessera: warning: \(warning)\n".utf8)) } }

            let export = AnimationExport(renderer: LayerRenderer(threadCount: threads ?? Canvas.processorCount))
            export.renderer.scale = scale
            export.background = try background.resolved(width: pixelSize.width, height: pixelSize.height)
            let writer = try FrameWriter(
                format: plan.format, destination: plan.destination, width: pixelSize.width,
                height: pixelSize.height, framesPerSecond: fps, frameCount: timeline.frameCount)
            let progress = ProgressReport(total: timeline.frameCount, label: plan.displayName, quiet: quiet)
            Interruption.install()
            try export.render(
                source.root, timeline: timeline, width: pixelSize.width, height: pixelSize.height, to: writer,
                beforeFrame: source.prepare
            ) { done in
                progress.update(done)
                try Interruption.check()
            }
            if !quiet { FileHandle.standardError.write(Data("tessera: wrote \(summary(plan, timeline, pixelSize))\n".utf8)) }
            keepUntilExit((source, export))
        }
    }

    /// Whether `-o`'s extension or `--format` names an animation format.
    private var requestsAnimation: Bool {
        if let format { return format.isAnimation }
        guard let output, output != "-", !output.hasSuffix("/") else { return false }
        return FrameFormat(pathExtension: URL(fileURLWithPath: output).pathExtension)?.isAnimation ?? false
    }

    /// `--size`, or the scene's size times the scale, within the pixmap's limits.
    private func frameSize(of source: SceneSource) throws(CommandFailure) -> PixelSize {
        if let size { return size }
        let width = (Double(source.size.width) * scale).rounded(.up), height = (Double(source.size.height) * scale).rounded(.up)
        guard width.isFinite, height.isFinite, width <= Double(Pixmap.maximumDimension), height <= Double(Pixmap.maximumDimension),
            width * height <= Double(Pixmap.maximumPixelCount)
        else {
            throw CommandFailure(
                .usage,
                """
                \(source.displayName): \(source.size.width)×\(source.size.height) points at --scale \(scale) is over the limit of \
                \(Pixmap.maximumDimension) pixels a side and \(Pixmap.maximumPixelCount) in all: lower --scale or give --size
                """
            )
        }
        return PixelSize(width: max(1, Int(width)), height: max(1, Int(height)))
    }

    private func summary(_ plan: OutputPlan, _ timeline: FrameTimeline, _ size: PixelSize) -> String {
        let frames =
            timeline.frameCount == 1
            ? "t = \(timeline.start) s"
            : "\(timeline.frameCount) frames at \(fps) fps, \(String(format: "%g", timeline.duration)) s from t = \(timeline.start) s"
        return "\(plan.displayName) (\(plan.format.rawValue), \(size.width)×\(size.height), \(frames))"
    }
}

/// A size in pixels, parsed from `WxH` (limits are checked by `render`, which names them).
struct PixelSize: ExpressibleByArgument {
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        self.init(width: w, height: h)
    }
}

extension FrameFormat: ExpressibleByArgument {}

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
            unless --frames or --duration say otherwise. --value, --image, --text and --font put
            values, images, texts and fonts in place of the file's, as lottie-ios's providers do:

              tessera render switch.json --value '**.Fill 1.Color=#FF0000' --value 'Knob.Transform.Position=0:10,10;30:90,10'
              tessera render card.json --text 'title=Hello' --image 'img_0.png=photo.jpg' --viewport 0,0,200,100
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

    @Flag(
        help: """
            Draw as Apple's CALayer.render(in:) does (what lottie-ios's snapshot tests record): a layer whose transform is not \
            affine without its position and transform, a luminosity compositing filter as a normal layer.
            """)
    var renderInContext = false

    @Option(parsing: .unconditional, help: "Rasterizer threads (default: every core).")
    var threads: Int?

    @Flag(name: [.short, .long], help: "Print nothing but errors.")
    var quiet = false

    @Option(
        name: .customLong("font-file"),
        help: ArgumentHelp(
            "Draw text whose font names this TrueType or OpenType font (its PostScript, full or family name) with it (repeatable).",
            valueName: "FILE"))
    var fontFiles: [String] = []

    @OptionGroup var lottieProviders: LottieProviderArguments

    /// What the options ask, as plain values (the fast path of ``TesseraCommand/main()`` makes
    /// the same without ArgumentParser).
    var request: RenderRequest {
        RenderRequest(
            scene: scene, bundle: bundle, state: state, transition: transition, output: output, format: format, apng: apng,
            time: time, marker: marker, duration: duration, frames: frames, fps: fps, size: size, scale: scale,
            background: background, threads: threads, renderInContext: renderInContext, quiet: quiet,
            lottie: lottieProviders.options, fontFiles: fontFiles)
    }

    mutating func validate() throws { try request.validate() }

    func run() throws { try request.run() }
}

/// A size in pixels, parsed from `WxH` (limits are checked by `render`, which names them).
struct PixelSize: ExpressibleByArgument, Equatable {
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

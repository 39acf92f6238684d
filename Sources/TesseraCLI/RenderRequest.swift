import ArgumentParser
import Foundation
import Tessera
import TesseraRaster

/// What `tessera render` is asked, as plain values: the options of ``Render`` once parsed, or
/// read by the fast path of ``TesseraCommand/main()``; it checks them and renders.
struct RenderRequest: Equatable {
    var scene: String
    var bundle: String?
    var state: String?
    var transition: String?
    var output: String?
    var format: FrameFormat?
    var apng: String?
    var time: Double
    var marker: String?
    var duration: Double?
    var frames: Int?
    var fps: Int
    var size: PixelSize?
    var scale: Double
    var background: BackgroundOption
    var threads: Int?
    /// Draws as `CALayer.render(in:)` does (``LayerRenderer/Mode/renderInContext``).
    var renderInContext = false
    var quiet: Bool
    /// A Lottie animation's providers and viewport (``LottieProviderOptions``); the fast path
    /// leaves them to ArgumentParser.
    var lottie = LottieProviderOptions()
    /// Font files registered before the scene is read (``FontManager/registerFont(at:)``); the
    /// fast path leaves them to ArgumentParser.
    var fontFiles: [String] = []

    /// The checks of the options together, as ArgumentParser reports them (``Render/validate()``).
    func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 64 else { throw ValidationError("--scale must be in (0, 64], not \(scale)") }
        guard time.isFinite else { throw ValidationError("--time must be a finite number of seconds") }
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be in 1…1000, not \(fps)") }
        if let threads, !(1...Render.maximumThreads).contains(threads) {
            throw ValidationError("--threads must be in 1…\(Render.maximumThreads), not \(threads)")
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
            for file in fontFiles {
                do {
                    try FontManager.registerFont(at: URL(fileURLWithPath: file))
                } catch {
                    throw CommandFailure(.noInput, "--font-file \(error)")
                }
            }
            let source = try SceneSource(
                scene,
                options: SceneOptions(
                    bundle: bundle, state: state, transition: transition, lottie: try lottie.isEmpty ? nil : lottie.configuration()))
            if !lottie.isEmpty && source.lottie == nil {
                throw CommandFailure(
                    .usage, "\(scene): --value, --image, --image-gravity, --text, --font and --viewport are for Lottie animations")
            }
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
            // Written out only without -q: the summary of what is skipped costs a small file's
            // render a few hundred thousand instructions of the runtime's conformance lookups.
            if !quiet {
                warnings += source.notRendered.map { "\(source.displayName): not rendered: \($0)" }
                // The tree first: asking for the reason loads the text libraries (dlopen, a million instructions).
                if source.root.treeContains(where: { $0 is CATextLayer }), let reason = FontManager.textUnavailableReason {
                    warnings.append("\(source.displayName): text not drawn: \(reason)")
                }
                if let summary = SkippedFeature.summary(of: source.skipped) {
                    warnings.append("\(source.displayName): not drawn: \(summary) (`tessera inspect \(source.displayName)` lists them)")
                }
                for warning in warnings { FileHandle.standardError.write(Data("tessera: warning: \(warning)\n".utf8)) }
            }

            let export = AnimationExport(renderer: LayerRenderer(threadCount: threads ?? Canvas.processorCount))
            export.renderer.scale = scale
            if renderInContext { export.renderer.mode = .renderInContext }
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

import BenchScenes
import TesseraRaster

/// Runs scenes frame after frame on one canvas and one pixmap, reused across frames and scenes.
final class BenchRunner {
    let frames: Int
    let warmup: Int
    private let canvas = Canvas(threadCount: 1)
    private var pixmap: Pixmap?

    init(frames: Int, warmup: Int) {
        self.frames = frames
        self.warmup = warmup
    }

    /// The pixmap holding the last frame rendered.
    var lastFrame: Pixmap {
        guard let pixmap else { preconditionFailure("no frame rendered yet") }
        return pixmap
    }

    /// Renders `warmup` untimed frames then `frames` timed ones of `scene` with `threads` threads.
    ///
    /// One frame = recording the scene on the canvas + ``Canvas/render(into:)``.
    func measure(_ scene: PreparedScene, threads: Int) throws -> SceneResult {
        let target = try pixmap(width: scene.width, height: scene.height)
        canvas.threadCount = threads
        for _ in 0..<warmup {
            scene.draw(on: canvas)
            canvas.render(into: target)
        }
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        for _ in 0..<frames {
            let start = MonotonicClock.nanoseconds()
            scene.draw(on: canvas)
            canvas.render(into: target)
            let end = MonotonicClock.nanoseconds()
            samples.append(Double(end - start) / 1_000_000)
        }
        return SceneResult(scene: scene.name, threads: threads, statistics: FrameStatistics(samplesMs: samples))
    }

    /// The reused pixmap, reallocated only when the size changes.
    private func pixmap(width: Int, height: Int) throws -> Pixmap {
        if let pixmap, pixmap.width == width, pixmap.height == height { return pixmap }
        let fresh = try Pixmap(width: width, height: height)
        pixmap = fresh
        return fresh
    }
}

import BenchScenes
import TesseraRaster

/// Records a scene's frame on several threads, as Tessera's layer renderer records a frame's
/// particles and sublayers: the shapes, in drawing order, are cut into chunks, each recorded on a
/// canvas of its own, and the canvases spliced onto the frame's canvas in order
/// (``Canvas/append(_:)``). The calls are those one thread records, in the same order, so the bytes
/// are the same. On one thread, the scene is recorded as ``PreparedScene/draw(on:transform:)``
/// does. The canvases are kept from frame to frame.
final class ParallelSceneRecording {
    private var canvases: [Canvas] = []

    /// Shapes a chunk records at least: enough that a chunk outweighs handing it out and splicing
    /// it, few enough that the standard scenes' 1,000 shapes give two threads a few chunks.
    static let shapesPerChunk = 250

    /// Records one frame of `scene` onto `canvas`, on the thread count it plans for.
    func record(_ scene: PreparedScene, on canvas: Canvas) {
        let threads = canvas.plannedThreadCount
        guard threads > 1, scene.shapes.count >= 2 * Self.shapesPerChunk else {
            scene.draw(on: canvas)
            return
        }
        // A few chunks per thread: a thread that recorded cheap shapes takes more.
        let chunks = min(4 * threads, scene.shapes.count / Self.shapesPerChunk)
        while canvases.count < chunks { canvases.append(Canvas(threadCount: 1)) }
        let parts = Array(canvases.prefix(chunks))
        for part in parts { part.tolerance = canvas.tolerance }
        canvas.clear(scene.background)
        canvas.taskRecorder.concurrentPerform(
            iterations: chunks, stage: "recording",
            execute: Chunks(scene: scene, canvases: parts).record)
        for part in parts { canvas.append(part) }
    }

    /// The chunks of one frame, shared by the threads that record them.
    ///
    /// `@unchecked Sendable`: chunk `c` records only on `canvases[c]`; the scene is only read.
    private struct Chunks: @unchecked Sendable {
        let scene: PreparedScene
        let canvases: [Canvas]

        func record(_ chunk: Int) {
            // The last frame's calls, spliced since, freed here rather than by the splicing thread.
            canvases[chunk].discardRecording()
            let count = scene.shapes.count, chunks = canvases.count
            scene.drawShapes(chunk * count / chunks..<(chunk + 1) * count / chunks, on: canvases[chunk])
        }
    }
}

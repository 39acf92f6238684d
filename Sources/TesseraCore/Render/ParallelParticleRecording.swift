import Dispatch
import TesseraRaster

/// Records an emitter's particles on several threads: the particles, in drawing order, are cut
/// into chunks, each chunk drawn onto a canvas of its own, and the canvases spliced onto the
/// frame's canvas in order. Each particle's calls are complete in themselves, so the recording
/// is the one a single thread makes, call for call, and the bytes are the same.
///
/// The canvases are kept from frame to frame. Used from one thread at a time, as the
/// ``LayerRenderer`` that owns it.
final class ParallelParticleRecording {
    private var canvases: [Canvas] = []

    /// Particles a chunk draws at least: enough that a chunk outweighs handing it out and splicing
    /// it (about 40 µs for 128), few enough that 5,000 particles give 16 threads two chunks each.
    static let particlesPerChunk = 128

    /// Whether `count` particles are better recorded in parallel on `threadCount` threads.
    static func isWorthIt(_ count: Int, threadCount: Int) -> Bool {
        threadCount > 1 && count >= 2 * particlesPerChunk
    }

    /// Records `particles` onto `canvas` (with its tolerance), as `particles.draw(_:on:)` would
    /// in one call.
    func record(_ particles: EmitterDrawing.Particles, on canvas: Canvas) {
        // A few chunks per thread: a thread that drew cheap particles takes more.
        let chunks = max(1, min(4 * canvas.plannedThreadCount, particles.count / Self.particlesPerChunk))
        while canvases.count < chunks { canvases.append(Canvas(threadCount: 1)) }
        let parts = Array(canvases.prefix(chunks))
        for part in parts { part.tolerance = canvas.tolerance }
        canvas.taskRecorder.concurrentPerform(
            iterations: chunks, stage: "drawing walk",
            execute: Chunks(particles: particles, canvases: parts).record)
        for part in parts { canvas.append(part) }
    }

    /// The chunks of one call, shared by the threads that record them.
    ///
    /// `@unchecked Sendable`: chunk `c` draws only on `canvases[c]`; the particles are only read.
    private struct Chunks: @unchecked Sendable {
        let particles: EmitterDrawing.Particles
        let canvases: [Canvas]

        func record(_ chunk: Int) {
            // The last frame's calls, spliced since, freed here rather than by the splicing thread.
            canvases[chunk].discardRecording()
            let count = particles.count, chunks = canvases.count
            particles.draw(chunk * count / chunks..<(chunk + 1) * count / chunks, on: canvases[chunk])
        }
    }
}

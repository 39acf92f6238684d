import CTesseraSIMD

/// The raw memory that the workers of one ``BandRenderer`` render share, by pointer.
///
/// `@unchecked Sendable` because it carries pointers; the renderer guarantees the exclusivity that
/// makes sharing them safe:
/// - during preparation, chunk `c` writes only `prepared[i]` for its own commands `i`, and only
///   `arenas[c]`, `strokeGeometry[c]` and `projectedGeometry[c]`;
/// - during rasterization, everything but the pixels and the scratch is read-only, band `b` writes
///   only the pixel rows of band `b`, and worker `w` uses only `scratch[w]`.
struct FrameMemory: @unchecked Sendable {
    let prepared: UnsafeMutablePointer<PreparedCommand>
    let arenas: [LineArena]
    let strokeGeometry: [StrokeGeometry]
    let projectedGeometry: [ProjectedGeometry]
    let scratch: [WorkerScratch]
    let masks: [AlphaMask]
    let bandStarts: UnsafePointer<Int32>
    let bandCommands: UnsafePointer<Int32>
    let pixels: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let width: Int
    let height: Int

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
    }
}

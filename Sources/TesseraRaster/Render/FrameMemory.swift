import CTesseraSIMD

/// The raw memory that the workers of one ``BandRenderer`` render share, by pointer.
///
/// `@unchecked Sendable` because it carries pointers; the renderer guarantees the exclusivity that
/// makes sharing them safe:
/// - during preparation, the worker `w` preparing command `i` writes only `prepared[i]` and
///   `strokeOutlines[i]` and `paints[i]` for it, and only `arenas[w]`, `strokeGeometry[w]` and
///   `projectedGeometry[w]`;
/// - during rasterization, everything but the pixels and the scratch is read-only, band `b` writes
///   only the pixel rows of band `b`, and worker `w` uses only `scratch[w]`.
struct FrameMemory: @unchecked Sendable {
    let prepared: UnsafeMutablePointer<PreparedCommand>
    /// The paint of each `.paintedLines` command, at the command's index (written by the worker
    /// preparing it).
    let paints: UnsafeMutablePointer<PreparedPaint>
    let arenas: [LineArena]
    let strokeGeometry: [StrokeGeometry]
    let projectedGeometry: [ProjectedGeometry]
    /// The outline cache's slot of each command index.
    let strokeOutlines: [StrokeOutlineCache.Slot]
    let scratch: [WorkerScratch]
    let masks: [AlphaMask]
    /// The colour matrices groups are filtered with (``Recording/colorFilters``).
    let colorFilters: [tsr_color_matrix]
    let bandStarts: UnsafePointer<Int32>
    let bandCommands: UnsafePointer<Int32>
    /// Rows per band (the last band may have fewer).
    let bandHeight: Int
    let pixels: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let width: Int
    let height: Int
    /// The pixels are 8-bit alpha (``alphaRow(_:)``), not RGBA words (``row(_:)``).
    let isAlphaTarget: Bool

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
    }

    @inline(__always)
    func alphaRow(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        (pixels + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
    }
}

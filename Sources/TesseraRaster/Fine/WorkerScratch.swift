/// One worker's private rasterization memory for a band: the accumulation cells and the per-row
/// extent of the cells in use. Kept between frames.
///
/// Invariant between commands: every cell is zero and every row extent is empty
/// (`rowMin = Int32.max`, `rowMax = -1`); the fill kernel restores both as it consumes a row.
final class WorkerScratch {
    let stride: Int
    let rows: Int
    let cells: UnsafeMutablePointer<Float>
    let rowMin: UnsafeMutablePointer<Int32>
    let rowMax: UnsafeMutablePointer<Int32>
    /// One row of 8-bit coverage and one of source colours, for painted fills (`stride` each).
    let coverage: UnsafeMutablePointer<UInt8>
    let colors: UnsafeMutablePointer<UInt32>
    /// `stride` zero coverages: the pixels a blend mode reaches outside its shape.
    let noCoverage: UnsafeMutablePointer<UInt8>
    /// One row of source alphas (the alpha of `colors`), for painted fills into alpha targets.
    let sourceAlpha: UnsafeMutablePointer<UInt8>

    /// Scratch for bands of `rows` rows of a target `width` pixels wide.
    init(width: Int, rows: Int) {
        stride = Self.stride(forWidth: width)
        self.rows = rows
        // Sized by the stride, not the width: the scratch serves every target whose width has a
        // stride no larger (a slightly wider target than the one it was made for included).
        layerCapacity = stride * rows
        cells = .allocate(capacity: stride * rows)
        cells.initialize(repeating: 0, count: stride * rows)
        rowMin = .allocate(capacity: rows)
        rowMin.initialize(repeating: .max, count: rows)
        rowMax = .allocate(capacity: rows)
        rowMax.initialize(repeating: -1, count: rows)
        coverage = .allocate(capacity: stride)
        coverage.initialize(repeating: 0, count: stride)
        colors = .allocate(capacity: stride)
        colors.initialize(repeating: 0, count: stride)
        noCoverage = .allocate(capacity: stride)
        noCoverage.initialize(repeating: 0, count: stride)
        sourceAlpha = .allocate(capacity: stride)
        sourceAlpha.initialize(repeating: 0, count: stride)
    }

    /// Cells per row for a target `width` pixels wide. Cells 0…width+1 are written (a line on the
    /// right border writes cell width + 1), and the span kernels read and clear eight cells at
    /// a time from any cell up to width + 1: a row must hold cells up to width + 8, or clearing
    /// one row would wipe the start of the next.
    static func stride(forWidth width: Int) -> Int { (width + 16) & ~7 }

    /// Group layers: band-sized pixel buffers (premultiplied RGBA8 words, `width` per row),
    /// allocated as deep as groups nest and kept.
    private var layers: [UnsafeMutablePointer<UInt32>] = []
    /// The same for alpha targets: 8-bit alpha, `width` bytes per row, allocated only when such a
    /// target has groups.
    private var alphaLayers: [UnsafeMutablePointer<UInt8>] = []
    private let layerCapacity: Int
    /// The open groups of the band being drawn: their content and mask layers, where they
    /// composite to (-1: the pixmap), and the pixels shown there (``BandRasterizer``'s window).
    private var groups: [Group] = []
    typealias Group = (content: Int, mask: Int?, below: Int, window: PreparedCommand.GroupArea)
    private var layersInUse = 0

    func layer(_ index: Int) -> UnsafeMutablePointer<UInt32> { layers[index] }

    func alphaLayer(_ index: Int) -> UnsafeMutablePointer<UInt8> { alphaLayers[index] }

    /// Takes the next free layer for a new group's content, or for the innermost group's mask: an
    /// RGBA layer (``layer(_:)``), or an alpha one (``alphaLayer(_:)``) when `alpha` is true.
    /// `window`: the pixels shown where a new group composites, given back by ``popGroup()``.
    func pushLayer(isMask: Bool, below: Int, alpha: Bool = false, window: PreparedCommand.GroupArea = .everything) -> Int {
        if alpha {
            while alphaLayers.count <= layersInUse { alphaLayers.append(.allocate(capacity: layerCapacity)) }
        } else {
            while layers.count <= layersInUse { layers.append(.allocate(capacity: layerCapacity)) }
        }
        let index = layersInUse
        layersInUse += 1
        if isMask, !groups.isEmpty { groups[groups.count - 1].mask = index } else { groups.append((index, nil, below, window)) }
        return index
    }

    /// Ends the innermost group, freeing its layers.
    func popGroup() -> Group {
        let group = groups.removeLast()
        layersInUse -= group.mask == nil ? 1 : 2
        return group
    }

    deinit {
        for layer in layers { layer.deallocate() }
        for layer in alphaLayers { layer.deallocate() }
        cells.deallocate()
        rowMin.deallocate()
        rowMax.deallocate()
        coverage.deallocate()
        colors.deallocate()
        noCoverage.deallocate()
        sourceAlpha.deallocate()
    }
}

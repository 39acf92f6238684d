import BenchTracking

/// The function that runs a stage of a frame, named by the start of its symbol (module, type and
/// name, without the parameters): `bench --instructions` finds the whole symbol in the bench's
/// binary (`nm`) and asks callgrind to dump its counts at the function's entries and exits
/// (``StageInstructions``). Each function is marked `@inline(never)` in the library with a comment
/// pointing here; renaming one makes `bench --instructions` fail, naming the stage
/// (`nm .build/release/bench | grep NAME` gives the new symbol).
struct StageFunction: Equatable {
    let name: String
    let symbolPrefix: String

    /// `CALayer.presentation(at:threadCount:…)`.
    static let evaluation = Self(name: "evaluation", symbolPrefix: "$s11TesseraCore7CALayerC12presentation2at11threadCount")
    /// `LayerTreeDrawing.draw(_:base:…)`.
    static let drawingWalk = Self(name: "drawing walk", symbolPrefix: "$s11TesseraCore16LayerTreeDrawingV4draw_4base")
    /// `BandRenderer.prepareCommands(…)`.
    static let geometry = Self(name: "geometry", symbolPrefix: "$s13TesseraRaster12BandRendererC15prepareCommands")
    /// `BandRenderer.binCommands(…)`.
    static let binning = Self(name: "binning", symbolPrefix: "$s13TesseraRaster12BandRendererC11binCommands")
    /// `BandRenderer.rasterizeBands(…)`.
    static let rasterization = Self(name: "rasterization", symbolPrefix: "$s13TesseraRaster12BandRendererC14rasterizeBands")

    /// The stage with its whole symbol, among `symbols` (a binary's): the shortest that starts
    /// with the prefix and ends a function's mangling (`F`: not a closure, a specialization or a
    /// default argument inside it); nil when there is none.
    func resolved(in symbols: [String]) -> StageInstructions.Stage? {
        symbols.filter { $0.hasPrefix(symbolPrefix) && $0.hasSuffix("F") }.min { $0.count < $1.count }
            .map { StageInstructions.Stage(name: name, symbol: $0) }
    }
}

extension [StageFunction] {
    /// The stages of a raster scene's frame (its recording is `other`).
    static var raster: Self { [.geometry, .binning, .rasterization] }
    /// The stages of a layer scene's frame, in the order of `FrameStageTimes`.
    static var layers: Self { [.evaluation, .drawingWalk, .geometry, .binning, .rasterization] }
}

import BenchTracking

/// The functions that run each stage of a frame, by symbol: `bench --instructions` asks callgrind
/// to dump its counts at their entries and exits (``StageInstructions``). Each is marked
/// `@inline(never)` in the library with a comment pointing here; renaming one, or changing its
/// parameters, changes its symbol: `bench --instructions` then fails, naming the stage
/// (`nm .build/release/bench | grep NAME` gives the new symbol).
extension StageInstructions.Stage {
    /// `CALayer.presentation(at:threadCount:)`.
    static let evaluation = Self(name: "evaluation",
                                 symbol: "$s7Tessera7CALayerC12presentation2at11threadCountAA13LayerSnapshotVSd_SitF")
    /// `LayerTreeDrawing.draw(_:base:rootOpacity:asFilterSource:)`.
    static let drawingWalk = Self(name: "drawing walk",
                                  symbol: "$s7Tessera16LayerTreeDrawingV4draw_4base11rootOpacity14asFilterSourceyAA0B8SnapshotV_AA13CATransform3DVSfSgSbtF")
    /// `BandRenderer.prepareCommands(_:target:workers:tolerance:)`.
    static let geometry = Self(name: "geometry",
                               symbol: "$s13TesseraRaster12BandRendererC15prepareCommands_6target7workers9toleranceyAA9RecordingC_AA12RenderTargetVSiSdtF")
    /// `BandRenderer.binCommands(count:bands:)`.
    static let binning = Self(name: "binning",
                              symbol: "$s13TesseraRaster12BandRendererC11binCommands5count5bandsySi_SitF")
    /// `BandRenderer.rasterizeBands(_:recording:target:workers:)`.
    static let rasterization = Self(name: "rasterization",
                                    symbol: "$s13TesseraRaster12BandRendererC14rasterizeBands_9recording6target7workersySi_AA9RecordingCAA12RenderTargetVSitF")
}

extension [StageInstructions.Stage] {
    /// The stages of a raster scene's frame (its recording is `other`).
    static var raster: Self { [.geometry, .binning, .rasterization] }
    /// The stages of a layer scene's frame, in the order of `FrameStageTimes`.
    static var layers: Self { [.evaluation, .drawingWalk, .geometry, .binning, .rasterization] }
}

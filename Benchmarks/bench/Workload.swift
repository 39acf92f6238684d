import BenchScenes
import BenchTracking
import LayerScenes
import TesseraRaster

/// An entry of the bench's catalog: a raster scene of `bench-scenes.md`, or a workload of the
/// Core Animation model.
struct Workload {
    let name: String
    let summary: String
    /// Whether the thread count matters: rendering runs at every count asked for, evaluation
    /// (single-threaded by design) at 1 only.
    let usesThreads: Bool
    /// The stages `--instructions` splits a frame into (``InstructionStages``).
    let countedStages: [StageFunction]
    /// Builds what a frame needs (geometry, layer trees): kept out of the timed frames.
    let prepare: () throws -> PreparedWorkload

    /// Every workload, in the order the bench runs them.
    static var all: [Workload] {
        BenchScene.all.map(Workload.init(raster:)) + [animate, layerTree, layerContent, layerFilters, particles, text, lottie] + frameBlurs
    }

    static var names: [String] { all.map(\.name) }

    static func named(_ name: String) -> Workload? {
        all.first { $0.name == name }
    }

    init(
        name: String, summary: String, usesThreads: Bool, countedStages: [StageFunction],
        prepare: @escaping () throws -> PreparedWorkload
    ) {
        self.name = name
        self.summary = summary
        self.usesThreads = usesThreads
        self.countedStages = countedStages
        self.prepare = prepare
    }

    init(raster scene: BenchScene) {
        self.init(name: scene.name, summary: scene.summary, usesThreads: true, countedStages: .raster) {
            try PreparedRaster(scene.prepare())
        }
    }

    static var animate: Workload {
        Workload(name: AnimateScene.name, summary: AnimateScene.summary, usesThreads: false, countedStages: [.evaluation]) {
            PreparedAnimation()
        }
    }
}

extension Workload {
    static var layerTree: Workload {
        Workload(name: LayerTreeScene.name, summary: LayerTreeScene.summary, usesThreads: true, countedStages: .layers) {
            PreparedLayerScene(try LayerTreeScene())
        }
    }

    static var layerFilters: Workload {
        Workload(name: LayerFiltersScene.name, summary: LayerFiltersScene.summary, usesThreads: true, countedStages: .layers) {
            PreparedLayerScene(try LayerFiltersScene())
        }
    }

    static var particles: Workload {
        Workload(name: ParticlesScene.name, summary: ParticlesScene.summary, usesThreads: true, countedStages: .layers) {
            PreparedLayerScene(try ParticlesScene())
        }
    }

    static var lottie: Workload {
        Workload(name: LottieScene.name, summary: LottieScene.summary, usesThreads: true, countedStages: .layers) {
            PreparedLayerScene(try LottieScene())
        }
    }

    static var text: Workload {
        Workload(name: TextScene.name, summary: TextScene.summary, usesThreads: true, countedStages: .layers) {
            PreparedLayerScene(try TextScene())
        }
    }

    static var layerContent: Workload {
        Workload(name: LayerContentScene.name, summary: LayerContentScene.summary, usesThreads: true, countedStages: .layers) {
            PreparedLayerScene(try LayerContentScene())
        }
    }
}

/// A workload ready to run frame after frame.
protocol PreparedWorkload: AnyObject {
    /// One timed frame.
    func frame(threads: Int)
    /// The last frame's pixels, for workloads that render.
    var lastFrame: Pixmap? { get }
    /// How long the steps of the last frame took (name, seconds), for workloads that report them.
    var lastStageTimes: [(name: String, seconds: Double)] { get }
    /// Has the next frames record their tasks into `recorder` (nil: stop); false for workloads
    /// that cannot (`--predict`).
    func recordTasks(into recorder: FrameTaskRecorder?) -> Bool
}

extension PreparedWorkload {
    var lastStageTimes: [(name: String, seconds: Double)] { [] }
    func recordTasks(into recorder: FrameTaskRecorder?) -> Bool { false }
}

/// One frame records the scene on a canvas (in parts on several threads when it renders on several:
/// ``ParallelSceneRecording``) and renders it into a pixmap, both reused.
final class PreparedRaster: PreparedWorkload {
    private let scene: PreparedScene
    private let canvas = Canvas(threadCount: 1)
    private let recording = ParallelSceneRecording()
    private let pixmap: Pixmap

    init(_ scene: PreparedScene) throws {
        self.scene = scene
        pixmap = try Pixmap(width: scene.width, height: scene.height)
    }

    func frame(threads: Int) {
        canvas.threadCount = threads
        recording.record(scene, on: canvas)
        canvas.render(into: pixmap)
    }

    var lastFrame: Pixmap? { pixmap }

    func recordTasks(into recorder: FrameTaskRecorder?) -> Bool {
        canvas.taskRecorder = recorder
        return true
    }
}

/// One frame advances the clock and evaluates the presentation tree.
final class PreparedAnimation: PreparedWorkload {
    private let scene = AnimateScene()

    func frame(threads: Int) {
        scene.frame()
    }

    var lastFrame: Pixmap? { nil }
}

/// One frame of a layer scene (`layer-tree`, `layer-content`): the clock stepped, the tree
/// evaluated and rendered.
final class PreparedLayerScene: PreparedWorkload {
    private let scene: any LayerBenchScene

    init(_ scene: any LayerBenchScene) {
        self.scene = scene
    }

    func frame(threads: Int) {
        scene.frame(threads: threads)
    }

    var lastFrame: Pixmap? { scene.pixmap }

    var lastStageTimes: [(name: String, seconds: Double)] { scene.lastStageTimes }

    func recordTasks(into recorder: FrameTaskRecorder?) -> Bool {
        scene.renderer.taskRecorder = recorder
        return true
    }
}

import TesseraRaster

/// Issue 20's measure of the blur itself: a Gaussian blur of a whole 1920×1080 frame must cost
/// the same at σ = 5 and σ = 30 (within 10%) and less than 8 source-over passes over the same
/// frame. `blur-5` and `blur-30` blur the frame (`GaussianBlur`, full resolution: the filters'
/// reduced resolution for wide blurs is not used here); `source-over-8` composites it 8 times over
/// an opaque frame (8 full-frame images drawn source-over, one render).
extension Workload {
    static var frameBlurs: [Workload] {
        [
            blur(sigma: 5), blur(sigma: 30),
            Workload(
                name: "source-over-8", summary: "8 source-over passes of a 1920×1080 image over the frame",
                usesThreads: true, countedStages: .raster
            ) { try PreparedSourceOver() },
        ]
    }

    private static func blur(sigma: Int) -> Workload {
        Workload(
            name: "blur-\(sigma)", summary: "Gaussian blur, σ = \(sigma) pixels, of a 1920×1080 frame",
            usesThreads: true, countedStages: []
        ) { try PreparedFrameBlur(sigma: Double(sigma)) }
    }
}

/// The frame both workloads start from: opaque and translucent 64-pixel blocks with soft
/// gradients, every channel non-zero, premultiplied.
private func blocksFrame() throws -> Pixmap {
    let frame = try Pixmap(width: 1920, height: 1080)
    for y in 0..<1080 {
        for x in 0..<1920 {
            let a = UInt8((x / 64 + y / 64) % 2 == 0 ? 255 : 64 + (x + y) % 128)
            frame[x, y] = PremultipliedRGBA8(
                r: UInt8(Int(a) * (x % 256) / 255), g: UInt8(Int(a) * (y % 256) / 255),
                b: a / 2, a: a)
        }
    }
    return frame
}

/// One frame blurs the blocks frame into a new pixmap (grown by the blur's reach).
final class PreparedFrameBlur: PreparedWorkload {
    private let frame: Pixmap
    private let blur: GaussianBlur
    private(set) var lastFrame: Pixmap?

    init(sigma: Double) throws {
        frame = try blocksFrame()
        blur = GaussianBlur(sigma: sigma)
    }

    func frame(threads: Int) {
        lastFrame = try? frame.blurred(by: blur, threadCount: threads)
    }
}

/// One frame clears the target to opaque grey and draws the blocks frame over it 8 times.
final class PreparedSourceOver: PreparedWorkload {
    private let image: Image
    private let canvas = Canvas(threadCount: 1)
    private let pixmap: Pixmap

    init() throws {
        image = try Image(pixmap: blocksFrame())
        pixmap = try Pixmap(width: 1920, height: 1080)
    }

    func frame(threads: Int) {
        canvas.threadCount = threads
        canvas.clear(Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        for _ in 0..<8 {
            canvas.drawImage(image, in: Rect(x: 0, y: 0, width: 1920, height: 1080), filter: .nearest)
        }
        canvas.render(into: pixmap)
    }

    var lastFrame: Pixmap? { pixmap }

    func recordTasks(into recorder: FrameTaskRecorder?) -> Bool {
        canvas.taskRecorder = recorder
        return true
    }
}

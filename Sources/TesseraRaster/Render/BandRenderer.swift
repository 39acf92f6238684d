/// Renders a recording into a pixmap band by band (placeholder while the rasterizer lands).
final class BandRenderer {
    func render(_ recording: Recording, into pixmap: Pixmap, threadCount: Int, tolerance: Double) {
    }
}

import Foundation
import TesseraRaster

/// Draws an emitter layer's particles (``EmitterSimulation`` at the layer's time) in its plane,
/// in the order of its `renderMode` (see ``CAEmitterLayer``).
///
/// Each particle is its cell's image: a quad of the image's `contentsRect` part, centred on the
/// particle, turned by its angle, the image's pixels over `contentsScale` times its scale in
/// points. Its colour multiplies the image's pixels: red, green and blue through a tinted copy of
/// the image (``TesseraRaster/Image/tinted(red:green:blue:)``, kept with the image), each
/// component rounded to a 64th (an error of at most 2/255), alpha as the drawing's opacity. (A
/// group per particle ended with a colour matrix would be exact but far too slow for thousands of
/// particles; tinted copies are drawn as any image.) `additive` composites each with
/// `plusLighter`.
enum EmitterDrawing {
    /// `opacity` is the layer's when no group carries it. Many particles on a canvas of several
    /// threads are recorded in parallel on `recording`, when given.
    static func draw(
        _ node: PresentedLayer, _ p: UnsafePointer<LayerProperties>, mapping: PlaneMapping, opacity: Double,
        on canvas: Canvas, recording: ParallelParticleRecording? = nil
    ) {
        guard opacity > 0 else { return }
        let simulation = EmitterSimulation(
            p, time: node.localTime, threadCount: canvas.plannedThreadCount,
            recorder: canvas.taskRecorder)
        guard !simulation.particles.isEmpty else { return }
        let renderMode = p.pointee.renderMode
        let particles = Particles(
            simulation: simulation, order: order(simulation.particles, renderMode), mapping: mapping,
            opacity: opacity, blendMode: renderMode == .additive ? .plusLighter : .normal)
        if let recording, ParallelParticleRecording.isWorthIt(particles.count, threadCount: canvas.plannedThreadCount) {
            recording.record(particles, on: canvas)
        } else {
            particles.draw(0..<particles.count, on: canvas)
        }
    }

    /// An emitter's particles at one time, ready to draw in order.
    struct Particles {
        let simulation: EmitterSimulation
        /// Indices into the simulation's particles, in drawing order.
        let order: [Int]
        let mapping: PlaneMapping
        let opacity: Double
        let blendMode: BlendMode
        /// What each of the simulation's cells draws, by the cells' indices.
        let cells: [CellDrawing]

        init(simulation: EmitterSimulation, order: [Int], mapping: PlaneMapping, opacity: Double, blendMode: BlendMode) {
            self.simulation = simulation
            self.order = order
            self.mapping = mapping
            self.opacity = opacity
            self.blendMode = blendMode
            cells = simulation.cells.map { CellDrawing($0.values) }
        }

        var count: Int { order.count }

        /// Draws the particles at `range` of the drawing order onto `canvas`.
        func draw(_ range: Range<Int>, on canvas: Canvas) {
            for i in order[range] {
                let particle = simulation.particles[i]
                let cell = cells[particle.cell]
                cell.image?._withUnsafeGuaranteedRef { image in
                    EmitterDrawing.draw(
                        particle, image: image, cell: cell, mapping: mapping, opacity: opacity,
                        blendMode: blendMode, on: canvas)
                }
            }
        }
    }

    /// What particles of one cell draw with, read from its values once a frame rather than per
    /// particle: a copy of the values retains each object they hold, and 5,000 particles on 16
    /// threads retaining the same objects queue on their reference counts.
    struct CellDrawing {
        /// nil: the cell draws nothing. Unmanaged, and lent to each particle's drawing without a
        /// retain: the simulation's cell values hold it for as long as the particles are drawn.
        let image: Unmanaged<Image>?
        let contentsRect: CGRect
        let contentsScale: Double
        /// The filters for a scale under 1 and for any other.
        let minification: ImagePattern.Filter
        let magnification: ImagePattern.Filter

        init(_ cell: EmitterCellValues) {
            image = (cell.contents.image?.rasterImage).map(Unmanaged.passUnretained)
            contentsRect = cell.contentsRect.standardized
            contentsScale = Double(cell.contentsScale)
            minification = Self.filter(cell.minificationFilter)
            magnification = Self.filter(cell.magnificationFilter)
        }

        private static func filter(_ filter: CALayerContentsFilter) -> ImagePattern.Filter {
            switch filter {
            case .nearest: .nearest
            case .trilinear: .trilinear
            default: .bilinear
            }
        }
    }

    /// The indices of `particles` in drawing order.
    static func order(_ particles: [Particle], _ mode: CAEmitterLayerRenderMode) -> [Int] {
        let indices = Array(particles.indices)
        // Stable sorts (ties keep the simulation's order): the same order on every run.
        switch mode {
        case .oldestFirst:
            return indices.sorted { (particles[$0].birthTime, $0) < (particles[$1].birthTime, $1) }
        case .oldestLast:
            return indices.sorted { (-particles[$0].birthTime, $0) < (-particles[$1].birthTime, $1) }
        case .backToFront:
            return indices.sorted { (particles[$0].position.z, $0) < (particles[$1].position.z, $1) }
        default:
            return indices
        }
    }

    private static func draw(
        _ particle: Particle, image: Image, cell: CellDrawing, mapping: PlaneMapping,
        opacity: Double, blendMode: BlendMode, on canvas: Canvas
    ) {
        let alpha = particle.color.w * opacity
        let contentsScale = cell.contentsScale
        guard alpha > 0, particle.scale > 0, contentsScale.isFinite, contentsScale > 0 else { return }
        // The part of the image drawn, in texels.
        let part = cell.contentsRect
        let source = Rect(
            x: Double(part.minX) * Double(image.width), y: Double(part.minY) * Double(image.height),
            width: Double(part.width) * Double(image.width), height: Double(part.height) * Double(image.height))
        guard source.width > 0, source.height > 0, source.width.isFinite, source.height.isFinite else { return }
        // Texels → the layer: the part's centre on the particle, scaled, turned.
        let k = particle.scale / contentsScale
        let toLayer = Transform(translationX: -(source.origin.x + source.width / 2), y: -(source.origin.y + source.height / 2))
            .concatenating(Transform(scaleX: k, y: k))
            .concatenating(Transform(rotationAngle: particle.angle))
            .concatenating(Transform(translationX: particle.position.x, y: particle.position.y))
        let filter = self.filter(cell, texelsPerPoint: k, mapping: mapping)
        let tinted = image.tinted(red: tint(particle.color.x), green: tint(particle.color.y), blue: tint(particle.color.z))
        if part == CGRect(x: 0, y: 0, width: 1, height: 1), case .affine(let t) = mapping {
            canvas.drawImage(
                tinted, in: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                transform: toLayer.concatenating(t), filter: filter, opacity: alpha, blendMode: blendMode)
            return
        }
        // A part of the image, or a plane under perspective: the part's quad, in a group that
        // carries the opacity.
        let corners = [
            Point(x: source.minX, y: source.minY), Point(x: source.maxX, y: source.minY),
            Point(x: source.maxX, y: source.maxY), Point(x: source.minX, y: source.maxY),
        ].map(toLayer.apply)
        var quad = Path()
        quad.move(to: corners[0])
        for corner in corners.dropFirst() { quad.addLine(to: corner) }
        quad.closeSubpath()
        let pattern = ImagePattern(image: tinted, transform: toLayer, extend: .none, filter: filter)
        canvas.beginGroup()
        canvas.fill(quad, paint: .image(pattern), mapping: mapping)
        canvas.endGroup(opacity: alpha, blendMode: blendMode)
    }

    /// A colour component (0…1) rounded to a 64th, as a multiplier of 0…255.
    private static func tint(_ c: Double) -> UInt8 {
        UInt8(((c * 63).rounded() * 255 / 63).rounded())
    }

    /// The cell's filter for the scale its texels are drawn at.
    private static func filter(_ cell: CellDrawing, texelsPerPoint k: Double, mapping: PlaneMapping) -> ImagePattern.Filter {
        var scale = k
        if case .affine(let t) = mapping { scale *= abs(t.a * t.d - t.b * t.c).squareRoot() }
        return scale < 1 ? cell.minification : cell.magnification
    }
}

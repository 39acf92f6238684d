import TesseraRaster

/// How a ``BenchShape`` is painted.
public enum BenchShapeStyle: Hashable, Sendable {
    /// Fill the path's interior under the given rule.
    case fill(FillRule)
    /// Stroke the path with the given pen (width, cap, join, miter limit) and, when not `nil`,
    /// dash pattern.
    case stroke(StrokeStyle, DashPattern?)
    /// Draw the image of an ``Paint/image(_:)`` paint into the rectangle with
    /// ``Canvas/drawImage(_:in:transform:filter:opacity:blendMode:)`` (the path is that rectangle).
    case drawImage(Rect)
    /// Fill the rectangle with ``Canvas/fill(_:paint:transform:blendMode:)`` (the path is that
    /// rectangle), as a rectangle fill call of another library (Blend2D's `fillRect`) draws it.
    case fillRect(Rect)
}

/// One shape of a scene: a path built once before timing, its paint, and how it is painted.
public struct BenchShape: Hashable, Sendable {
    /// The geometry, in scene coordinates (the 1920 × 1080 canvas of `bench-scenes.md`).
    public var path: Path
    /// The paint, with straight alpha as the scene draws it (``Canvas`` premultiplies).
    public var paint: Paint
    /// Fill (with its rule) or stroke (with its pen and dash pattern), or an image drawn.
    public var style: BenchShapeStyle
    /// How it is composited (source-over unless a scene says otherwise).
    public var blendMode: BlendMode

    /// A shape from its parts.
    public init(path: Path, paint: Paint, style: BenchShapeStyle, blendMode: BlendMode = .normal) {
        self.path = path
        self.paint = paint
        self.style = style
        self.blendMode = blendMode
    }

    /// Records this shape on `canvas`, mapped through `transform`.
    public func draw(on canvas: Canvas, transform: Transform = .identity) {
        switch style {
        case .fill(let rule):
            canvas.fill(path, paint: paint, rule: rule, transform: transform, blendMode: blendMode)
        case .stroke(let stroke, let dash):
            canvas.stroke(path, paint: paint, style: stroke, dash: dash, transform: transform, blendMode: blendMode)
        case .fillRect(let rect):
            canvas.fill(rect, paint: paint, transform: transform, blendMode: blendMode)
        case .drawImage(let rect):
            guard case .image(let pattern) = paint else { return }
            canvas.drawImage(pattern.image, in: rect, transform: transform, filter: pattern.filter, blendMode: blendMode)
        }
    }
}

/// A benchmark scene: a name, a one-line summary, and the recipe that builds its shapes.
///
/// Building the geometry (``prepare()``) is kept out of the timed frame, as `bench-scenes.md`
/// allows; drawing a frame (``PreparedScene/draw(on:transform:)``) only records the calls, and the
/// timed work happens in ``Canvas/render(into:)``.
///
/// ```swift
/// let scene = BenchScene.fillPolygons.prepare()
/// let canvas = Canvas()
/// let pixmap = try Pixmap(width: scene.width, height: scene.height)
/// scene.draw(on: canvas)
/// canvas.render(into: pixmap)
/// ```
public struct BenchScene: Sendable {
    /// The scene's name, as listed in `bench-scenes.md` (for example `fill-polygons`).
    public let name: String
    /// One line describing what the scene draws.
    public let summary: String
    /// The canvas width, in pixels, that the scene's geometry is laid out for.
    public let width: Int
    /// The canvas height, in pixels, that the scene's geometry is laid out for.
    public let height: Int
    /// The clear color of every frame.
    public let background: Color
    private let build: @Sendable () -> [BenchShape]

    /// A scene drawn with `background` and the shapes that `build` returns, in order.
    ///
    /// `build` must be deterministic: every call returns the same shapes.
    public init(
        name: String, summary: String, width: Int = 1920, height: Int = 1080,
        background: Color = .white, build: @escaping @Sendable () -> [BenchShape]
    ) {
        self.name = name
        self.summary = summary
        self.width = width
        self.height = height
        self.background = background
        self.build = build
    }

    /// Builds the scene's shapes (paths, paints, styles): done once, before any timed frame.
    public func prepare() -> PreparedScene {
        PreparedScene(name: name, width: width, height: height, background: background, shapes: build())
    }
}

/// A scene with its shapes built, ready to be drawn frame after frame.
public struct PreparedScene: Sendable {
    /// The scene's name.
    public let name: String
    /// The canvas width, in pixels, that the geometry is laid out for.
    public let width: Int
    /// The canvas height, in pixels, that the geometry is laid out for.
    public let height: Int
    /// The clear color of every frame.
    public let background: Color
    /// The shapes, in drawing order.
    public let shapes: [BenchShape]

    /// Records one frame on `canvas`: a clear to ``background`` (opaque white for the standard
    /// scenes), then every shape in order, mapped through `transform`.
    ///
    /// The identity draws the scene as specified; a scale lets a test draw the same geometry onto a
    /// smaller canvas. Nothing is drawn until the caller renders the canvas.
    public func draw(on canvas: Canvas, transform: Transform = .identity) {
        canvas.clear(background)
        drawShapes(shapes.indices, on: canvas, transform: transform)
    }

    /// Records the shapes at `range`, in order, on `canvas`, mapped through `transform`, without
    /// the clear: a part of ``draw(on:transform:)``'s calls, for a frame recorded in parts on
    /// several canvases and spliced in order.
    public func drawShapes(_ range: Range<Int>, on canvas: Canvas, transform: Transform = .identity) {
        // ``BenchShape/draw(on:transform:)``'s calls, each reading only the fields it draws, where
        // the shape lies: a shape read whole is copied (its path's and paint's references retained,
        // then released), a third of recording a rectangle.
        for i in range {
            switch shapes[i].style {
            case .fill(let rule):
                canvas.fill(
                    shapes[i].path, paint: shapes[i].paint, rule: rule, transform: transform,
                    blendMode: shapes[i].blendMode)
            case .stroke(let stroke, let dash):
                canvas.stroke(
                    shapes[i].path, paint: shapes[i].paint, style: stroke, dash: dash, transform: transform,
                    blendMode: shapes[i].blendMode)
            case .fillRect(let rect):
                canvas.fill(rect, paint: shapes[i].paint, transform: transform, blendMode: shapes[i].blendMode)
            case .drawImage:
                shapes[i].draw(on: canvas, transform: transform)
            }
        }
    }
}

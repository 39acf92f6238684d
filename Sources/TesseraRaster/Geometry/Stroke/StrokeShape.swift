/// What a stroke covers, in its path's own space: the path, the pen, the dash pattern and the
/// trims (`CAShapeLayer`'s `strokeStart` / `strokeEnd`). The stroker's whole input: how the stroke
/// is placed on the target and painted is not its business. The path's elements and the dash
/// pattern's lengths are borrowed (see ``PathElements``, ``DashElements``): a shape is valid for
/// the length of the call it is made for.
struct StrokeShape {
    var path: PathElements
    var style: StrokeStyle
    var dash: DashElements?
    var trimStart: Double
    var trimEnd: Double
}

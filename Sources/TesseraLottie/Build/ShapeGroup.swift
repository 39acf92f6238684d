/// A shape group's items sorted out for drawing (a shape layer's `shapes` are its top group):
/// the paths, nested groups and styles in list order (top to bottom), and the group's transform.
///
/// Trims and rounded corners are resolved here, as Lottie players apply them: they change every
/// path listed before them, in their group and in the groups nested before it, whichever style
/// paints the path.
struct ShapeGroup {
    /// (Boxed: drawing reads and copies elements, each then one reference to retain and
    /// release, not a group's name, transform and elements or a path's closures and trim.)
    indirect enum Element {
        /// A path with the trim that applies to it (the nearest one after it).
        case path(PathSource, trim: ShapeItem.Trim?)
        case group(ShapeGroup)
        /// The items before a repeater, repeated.
        case repeater(ShapeItem.Repeater, ShapeGroup)
        case fill(ShapeItem.Fill)
        case stroke(ShapeItem.Stroke)
        case gradientFill(ShapeItem.Gradient, evenOdd: Bool)
        case gradientStroke(ShapeItem.Gradient, width: Animated<Double>, style: ShapeItem.StrokeStyle)
    }

    var name: String
    var transform: LottieTransform?
    var elements: [Element] = []

    /// Sorts out `items`; `trims` and `corners` (radii) are those listed after the group in the
    /// groups around it, nearest first. What is not drawn is reported under `path`.
    init(name: String, items: [ShapeItem], trims: [ShapeItem.Trim], corners: [Animated<Double>], report: BuildReport, path: String) {
        self.name = name
        var trims = trims, corners = corners
        // Built from the last item up, then turned round in place. (By index: an enumerated
        // sequence reversed is an array of copies of the items.)
        var reversed: [Element] = []
        reversed.reserveCapacity(items.count)
        for index in items.indices.reversed() {
            switch items[index] {
            case .group(let name, let items):
                reversed.append(.group(ShapeGroup(name: name, items: items, trims: trims, corners: corners, report: report, path: path)))
            case .rectangle, .ellipse, .polystar, .path:
                // Every case here makes a source.
                guard var source = PathSource(items[index]) else { continue }
                if let radius = corners.first { source = source.roundingCorners(radius) }
                reversed.append(.path(source, trim: trims.first { !$0.isWhole }))
            case .roundedCorners(let radius):
                corners.insert(radius, at: 0)
            case .repeater(let repeater):
                // Everything before it is what it copies (a transform listed after it is still the group's).
                let copied = ShapeGroup(
                    name: "\(name) (repeated)", items: Array(items[..<index]), trims: trims, corners: corners,
                    report: report, path: path)
                reversed.append(.repeater(repeater, copied))
                reversed.reverse()
                elements = reversed
                return
            case .fill(let fill): reversed.append(.fill(fill))
            case .stroke(let stroke): reversed.append(.stroke(stroke))
            case .gradientFill(let gradient, let evenOdd): reversed.append(.gradientFill(gradient, evenOdd: evenOdd))
            case .gradientStroke(let gradient, let width, let style): reversed.append(.gradientStroke(gradient, width: width, style: style))
            case .transform(let transform):
                // The group's transform is its last item; an earlier one is ignored, as players do.
                if self.transform == nil { self.transform = transform }
            case .trim(let trim):
                // A trim that keeps everything changes nothing (lottie-ios skips it too).
                if !trim.isWhole, trims.contains(where: { !$0.isWhole }) {
                    report.approximated(path, "trim", "trims applied one over another: the nearest is drawn")
                }
                trims.insert(trim, at: 0)
            case .mergePaths(let mode):
                // Merging and adding give the union, which the paths drawn as one path mostly are.
                if mode <= 2 {
                    report.approximated(path, "merge paths", "the paths are drawn as one path, not merged")
                } else {
                    report.notDrawn(path, "merge paths", "merge mode \(mode): the paths are drawn as one path")
                }
            case .unsupported(let type, let itemName, let reason):
                report.notDrawn(path, reason, "shape item \(type)\(itemName.isEmpty ? "" : " \"\(itemName)\"")")
            }
        }
        reversed.reverse()
        elements = reversed
    }

    /// Whether the group or a group in it has a path.
    var hasPaths: Bool {
        elements.contains {
            switch $0 {
            case .path: true
            case .group(let group), .repeater(_, let group): group.hasPaths
            default: false
            }
        }
    }
}

import Foundation
import TesseraRaster

/// An animatable key path of a layer, resolved once from its string (`"position.x"`,
/// `"transform.rotation.z"`, `"bounds.size.width"`, …) so that evaluating it every frame does no
/// string work.
struct LayerKeyPath: Hashable, Sendable {
    enum Property: String, CaseIterable, Sendable {
        case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform
        case opacity, hidden, backgroundColor, cornerRadius, borderWidth, borderColor, masksToBounds
        case shadowColor, shadowOpacity, shadowRadius, shadowOffset, shadowPath
        case path, fillColor, fillRule, strokeColor, lineWidth, lineJoin, lineCap, miterLimit
        case lineDashPattern, lineDashPhase, strokeStart, strokeEnd
        case instanceCount, instanceDelay, instanceTransform, instanceColor
        case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset

        var kind: AnimatableValueKind {
            switch self {
            case .bounds: return .rect
            case .position, .anchorPoint: return .point
            case .shadowOffset: return .size
            case .transform, .sublayerTransform, .instanceTransform: return .transform
            case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .instanceColor: return .color
            case .shadowPath, .path: return .path
            case .lineDashPattern: return .numbers
            case .hidden, .masksToBounds: return .bool
            case .fillRule, .lineJoin, .lineCap: return .string
            default: return .number
            }
        }

        /// Properties that Core Animation changes without interpolating. `miterLimit` is one
        /// (seed 001: "it actually performs no animation at all"), and so is `instanceCount`, an
        /// integer.
        var isDiscrete: Bool {
            switch self {
            case .miterLimit, .instanceCount, .hidden, .masksToBounds, .fillRule, .lineJoin, .lineCap: return true
            default: return false
            }
        }
    }

    /// A part of a structured property.
    enum Field: Hashable, Sendable {
        case whole
        /// Component `index` of the property's vector (x/y of a point, width/height of a size,
        /// origin.x, origin.y, size.width, size.height of a rect).
        case component(Int)
        /// A pair of components of a rect: origin (0) or size (2), as a point or a size.
        case pair(Int)
        /// A field of a transform: "rotation.z", "scale", "translation.x", …
        case transformField(TransformComponents.Field)
        /// `transform.translation`: x and y as a size.
        case translation
    }

    let property: Property
    let field: Field

    /// Resolves a key path string; nil for one that is not animatable.
    init?(_ string: String) {
        let parts = string.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first else { return nil }
        let name = first == "isHidden" ? "hidden" : first
        guard let property = Property(rawValue: name) else { return nil }
        self.property = property
        guard parts.count == 2 else {
            field = .whole
            return
        }
        let rest = parts[1]
        switch (property.kind, rest) {
        case (.point, "x"): field = .component(0)
        case (.point, "y"): field = .component(1)
        case (.size, "width"): field = .component(0)
        case (.size, "height"): field = .component(1)
        case (.rect, "origin"): field = .pair(0)
        case (.rect, "size"): field = .pair(2)
        case (.rect, "origin.x"): field = .component(0)
        case (.rect, "origin.y"): field = .component(1)
        case (.rect, "size.width"): field = .component(2)
        case (.rect, "size.height"): field = .component(3)
        case (.transform, "translation"): field = .translation
        case (.transform, _):
            guard let transformField = TransformComponents.Field(rest) else { return nil }
            field = .transformField(transformField)
        default: return nil
        }
    }

    /// The kind of value the key path holds.
    var kind: AnimatableValueKind {
        switch field {
        case .whole: return property.kind
        case .component, .transformField: return .number
        case .pair(let index): return index == 0 ? .point : .size
        case .translation: return .size
        }
    }

    var isDiscrete: Bool { property.isDiscrete }

    /// The value at this key path in `properties`. Fields of structures and transforms are
    /// vectors: read through ``vector(in:)``.
    func value(in properties: LayerProperties) -> AnimatableValue {
        guard field == .whole else { return AnimatableValue(vector: vector(in: properties), kind: kind) ?? .number(0) }
        return Self.wholeValue(property, in: properties)
    }

    /// Stores `value` at this key path in `properties`; a value of the wrong kind is ignored.
    func set(_ value: AnimatableValue, in properties: inout LayerProperties) {
        guard field == .whole else {
            if value.kind == kind, let v = value.vector { setVector(v, in: &properties) }
            return
        }
        Self.setWhole(property, value, in: &properties)
    }

    /// A whole property's value. Numbers, points, sizes and rects come from the one table of
    /// ``wholeVector(_:in:)``; colors are read here, as nil is "no color", not transparent black.
    private static func wholeValue(_ property: Property, in p: LayerProperties) -> AnimatableValue {
        switch property {
        case .transform: return .transform(p.transform)
        case .sublayerTransform: return .transform(p.sublayerTransform)
        case .instanceTransform: return .transform(p.instanceTransform)
        case .hidden: return .bool(p.isHidden)
        case .masksToBounds: return .bool(p.masksToBounds)
        case .backgroundColor: return .color(p.backgroundColor)
        case .borderColor: return .color(p.borderColor)
        case .shadowColor: return .color(p.shadowColor)
        case .fillColor: return .color(p.fillColor)
        case .strokeColor: return .color(p.strokeColor)
        case .instanceColor: return .color(p.instanceColor)
        case .shadowPath: return .path(p.shadowPath)
        case .path: return .path(p.path)
        case .fillRule: return .string(p.fillRule.rawValue)
        case .lineJoin: return .string(p.lineJoin.rawValue)
        case .lineCap: return .string(p.lineCap.rawValue)
        case .lineDashPattern: return .numbers(p.lineDashPattern)
        default: return AnimatableValue(vector: wholeVector(property, in: p), kind: property.kind) ?? .number(0)
        }
    }

    /// Stores a whole property's value; numbers, points, sizes and rects through
    /// ``setWholeVector(_:_:in:)``.
    private static func setWhole(_ property: Property, _ value: AnimatableValue, in p: inout LayerProperties) {
        switch (property, value) {
        case (.transform, .transform(let v)): p.transform = v
        case (.sublayerTransform, .transform(let v)): p.sublayerTransform = v
        case (.instanceTransform, .transform(let v)): p.instanceTransform = v
        case (.hidden, .bool(let v)): p.isHidden = v
        case (.masksToBounds, .bool(let v)): p.masksToBounds = v
        case (.backgroundColor, .color(let v)): p.backgroundColor = v
        case (.borderColor, .color(let v)): p.borderColor = v
        case (.shadowColor, .color(let v)): p.shadowColor = v
        case (.fillColor, .color(let v)): p.fillColor = v
        case (.strokeColor, .color(let v)): p.strokeColor = v
        case (.instanceColor, .color(let v)): p.instanceColor = v
        case (.shadowPath, .path(let v)): p.shadowPath = v
        case (.path, .path(let v)): p.path = v
        case (.fillRule, .string(let v)): p.fillRule = CAShapeLayerFillRule(rawValue: v)
        case (.lineJoin, .string(let v)): p.lineJoin = CAShapeLayerLineJoin(rawValue: v)
        case (.lineCap, .string(let v)): p.lineCap = CAShapeLayerLineCap(rawValue: v)
        case (.lineDashPattern, .numbers(let v)): p.lineDashPattern = v
        default:
            guard property.kind != .color, value.kind == property.kind, let v = value.vector else { return }
            setWholeVector(property, v, in: &p)
        }
    }
}

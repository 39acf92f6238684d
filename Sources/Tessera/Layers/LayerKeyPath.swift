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

    /// The value at this key path in `properties`.
    func value(in properties: LayerProperties) -> AnimatableValue {
        let whole = Self.wholeValue(property, in: properties)
        switch field {
        case .whole:
            return whole
        case .component(let index):
            return .number(whole.vector?[index] ?? 0)
        case .pair(let index):
            let v = whole.vector ?? .zero
            return index == 0 ? .point(CGPoint(x: v[0], y: v[1])) : .size(CGSize(width: v[2], height: v[3]))
        case .transformField(let name):
            guard case .transform(let t) = whole else { return .number(0) }
            return .number(TransformComponents(decomposing: t)?.value(for: name) ?? 0)
        case .translation:
            guard case .transform(let t) = whole else { return .size(.zero) }
            return .size(CGSize(width: t.m41, height: t.m42))
        }
    }

    /// Stores `value` at this key path in `properties`; a value of the wrong kind is ignored.
    func set(_ value: AnimatableValue, in properties: inout LayerProperties) {
        switch field {
        case .whole:
            Self.setWhole(property, value, in: &properties)
        case .component(let index):
            guard case .number(let x) = value else { return }
            let whole = Self.wholeValue(property, in: properties)
            guard var v = whole.vector else { return }
            v[index] = x
            Self.setWhole(property, whole.withVector(v), in: &properties)
        case .pair(let index):
            let whole = Self.wholeValue(property, in: properties)
            guard var v = whole.vector, let pair = value.vector else { return }
            v[index] = pair[0]
            v[index + 1] = pair[1]
            Self.setWhole(property, whole.withVector(v), in: &properties)
        case .transformField(let name):
            guard case .number(let x) = value, case .transform(let t) = Self.wholeValue(property, in: properties) else { return }
            // A singular transform has no components: start from the identity's.
            var components = TransformComponents(decomposing: t) ?? TransformComponents(decomposing: CATransform3DIdentity)!
            components.setValue(x, for: name)
            Self.setWhole(property, .transform(components.transform), in: &properties)
        case .translation:
            guard case .size(let s) = value, case .transform(var t) = Self.wholeValue(property, in: properties) else { return }
            t.m41 = s.width
            t.m42 = s.height
            Self.setWhole(property, .transform(t), in: &properties)
        }
    }

    private static func wholeValue(_ property: Property, in p: LayerProperties) -> AnimatableValue {
        switch property {
        case .bounds: return .rect(p.bounds)
        case .position: return .point(p.position)
        case .zPosition: return .number(Double(p.zPosition))
        case .anchorPoint: return .point(p.anchorPoint)
        case .anchorPointZ: return .number(Double(p.anchorPointZ))
        case .transform: return .transform(p.transform)
        case .sublayerTransform: return .transform(p.sublayerTransform)
        case .opacity: return .number(Double(p.opacity))
        case .hidden: return .bool(p.isHidden)
        case .backgroundColor: return .color(p.backgroundColor)
        case .cornerRadius: return .number(Double(p.cornerRadius))
        case .borderWidth: return .number(Double(p.borderWidth))
        case .borderColor: return .color(p.borderColor)
        case .masksToBounds: return .bool(p.masksToBounds)
        case .shadowColor: return .color(p.shadowColor)
        case .shadowOpacity: return .number(Double(p.shadowOpacity))
        case .shadowRadius: return .number(Double(p.shadowRadius))
        case .shadowOffset: return .size(p.shadowOffset)
        case .shadowPath: return .path(p.shadowPath)
        case .path: return .path(p.path)
        case .fillColor: return .color(p.fillColor)
        case .fillRule: return .string(p.fillRule.rawValue)
        case .strokeColor: return .color(p.strokeColor)
        case .lineWidth: return .number(Double(p.lineWidth))
        case .lineJoin: return .string(p.lineJoin.rawValue)
        case .lineCap: return .string(p.lineCap.rawValue)
        case .miterLimit: return .number(Double(p.miterLimit))
        case .lineDashPattern: return .numbers(p.lineDashPattern)
        case .lineDashPhase: return .number(Double(p.lineDashPhase))
        case .strokeStart: return .number(Double(p.strokeStart))
        case .strokeEnd: return .number(Double(p.strokeEnd))
        case .instanceCount: return .number(Double(p.instanceCount))
        case .instanceDelay: return .number(p.instanceDelay)
        case .instanceTransform: return .transform(p.instanceTransform)
        case .instanceColor: return .color(p.instanceColor)
        case .instanceRedOffset: return .number(Double(p.instanceRedOffset))
        case .instanceGreenOffset: return .number(Double(p.instanceGreenOffset))
        case .instanceBlueOffset: return .number(Double(p.instanceBlueOffset))
        case .instanceAlphaOffset: return .number(Double(p.instanceAlphaOffset))
        }
    }

    private static func setWhole(_ property: Property, _ value: AnimatableValue, in p: inout LayerProperties) {
        switch (property, value) {
        case (.bounds, .rect(let v)): p.bounds = v
        case (.position, .point(let v)): p.position = v
        case (.zPosition, .number(let v)): p.zPosition = CGFloat(v)
        case (.anchorPoint, .point(let v)): p.anchorPoint = v
        case (.anchorPointZ, .number(let v)): p.anchorPointZ = CGFloat(v)
        case (.transform, .transform(let v)): p.transform = v
        case (.sublayerTransform, .transform(let v)): p.sublayerTransform = v
        case (.opacity, .number(let v)): p.opacity = Float(v)
        case (.hidden, .bool(let v)): p.isHidden = v
        case (.backgroundColor, .color(let v)): p.backgroundColor = v
        case (.cornerRadius, .number(let v)): p.cornerRadius = CGFloat(v)
        case (.borderWidth, .number(let v)): p.borderWidth = CGFloat(v)
        case (.borderColor, .color(let v)): p.borderColor = v
        case (.masksToBounds, .bool(let v)): p.masksToBounds = v
        case (.shadowColor, .color(let v)): p.shadowColor = v
        case (.shadowOpacity, .number(let v)): p.shadowOpacity = Float(v)
        case (.shadowRadius, .number(let v)): p.shadowRadius = CGFloat(v)
        case (.shadowOffset, .size(let v)): p.shadowOffset = v
        case (.shadowPath, .path(let v)): p.shadowPath = v
        case (.path, .path(let v)): p.path = v
        case (.fillColor, .color(let v)): p.fillColor = v
        case (.fillRule, .string(let v)): p.fillRule = CAShapeLayerFillRule(rawValue: v)
        case (.strokeColor, .color(let v)): p.strokeColor = v
        case (.lineWidth, .number(let v)): p.lineWidth = CGFloat(v)
        case (.lineJoin, .string(let v)): p.lineJoin = CAShapeLayerLineJoin(rawValue: v)
        case (.lineCap, .string(let v)): p.lineCap = CAShapeLayerLineCap(rawValue: v)
        case (.miterLimit, .number(let v)): p.miterLimit = CGFloat(v)
        case (.lineDashPattern, .numbers(let v)): p.lineDashPattern = v
        case (.lineDashPhase, .number(let v)): p.lineDashPhase = CGFloat(v)
        case (.strokeStart, .number(let v)): p.strokeStart = CGFloat(v)
        case (.strokeEnd, .number(let v)): p.strokeEnd = CGFloat(v)
        case (.instanceCount, .number(let v)):
            // Rounded towards zero as an integer; non-finite or huge values clamp.
            p.instanceCount = v.isFinite ? Int(max(min(v, 1e9), -1e9)) : 0
        case (.instanceDelay, .number(let v)): p.instanceDelay = v
        case (.instanceTransform, .transform(let v)): p.instanceTransform = v
        case (.instanceColor, .color(let v)): p.instanceColor = v
        case (.instanceRedOffset, .number(let v)): p.instanceRedOffset = Float(v)
        case (.instanceGreenOffset, .number(let v)): p.instanceGreenOffset = Float(v)
        case (.instanceBlueOffset, .number(let v)): p.instanceBlueOffset = Float(v)
        case (.instanceAlphaOffset, .number(let v)): p.instanceAlphaOffset = Float(v)
        default: break
        }
    }
}

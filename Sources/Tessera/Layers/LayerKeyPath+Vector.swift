import Foundation
import TesseraRaster

/// Direct access to key paths whose values are vectors of up to four numbers (numbers, points,
/// sizes, rects, colors, and the numeric fields of structures and transforms), without going
/// through ``AnimatableValue``: the path most animations take every frame. The components are
/// those of ``AnimatableValue/vector``.
///
/// The property table (``LayerProperty/definition``) reads and writes through key paths and
/// closures; here, every animation of every layer each frame, a switch over ``LayerProperty``
/// compiles to direct loads and stores of the field. The switches of ``wholeVector(_:in:)``,
/// ``setWholeVector(_:_:in:)`` and ``transformSlot`` have no `default`, so that the compiler asks
/// for each new property (listed with the others when it is not a vector or not a transform).
extension LayerKeyPath {
    /// Whether the key path's value is a vector that interpolates (not a discrete property).
    var isInterpolatedVector: Bool {
        guard !isDiscrete else { return false }
        switch kind {
        case .number, .point, .size, .rect, .color: return true
        case .transform, .path, .numbers, .colors, .bool, .string: return false
        }
    }

    /// The value in `p` as a vector; only for ``isInterpolatedVector`` key paths.
    func vector(in p: borrowing LayerProperties) -> SIMD4<Double> {
        var properties = copy p
        return vector(in: &properties)
    }

    /// `vector(in:)` (borrowing) for properties held `inout` (an animation's): read
    /// through `inout`, so that no call on the way copies them. ``wholeVector(_:in:)`` took them
    /// borrowed and counted on being inlined; once its switch grew past what the optimizer
    /// inlines, every call from an animation copied the layer's kilobyte of properties to the
    /// stack first (callgrind: a memcpy per animation per frame, animate-2000 +6%).
    @inline(__always) func vector(in p: inout LayerProperties) -> SIMD4<Double> {
        switch field {
        case .whole:
            return Self.wholeVector(property, in: &p)
        case .component(let index):
            return SIMD4(Self.wholeVector(property, in: &p)[index], 0, 0, 0)
        case .pair(let index):
            let v = Self.wholeVector(property, in: &p)
            return SIMD4(v[index], v[index + 1], 0, 0)
        case .transformField(let field):
            guard let t = transform(in: p) else { return .zero }
            return SIMD4(Self.components(of: t)?.value(for: field) ?? 0, 0, 0, 0)
        case .translation:
            guard let t = transform(in: p) else { return .zero }
            return SIMD4(Double(t.m41), Double(t.m42), 0, 0)
        case .filterInput(let number):
            return SIMD4(FilterInputKeyPaths.value(number, in: property == .filters ? p.filters : p.backgroundFilters), 0, 0, 0)
        case .emitterCell(let number):
            return SIMD4(EmitterCellKeyPaths.value(number, in: p.emitterCells), 0, 0, 0)
        }
    }

    /// Stores a vector at this key path; only for ``isInterpolatedVector`` key paths.
    func setVector(_ v: SIMD4<Double>, in p: inout LayerProperties) {
        switch field {
        case .whole:
            Self.setWholeVector(property, v, in: &p)
        case .component(let index):
            var whole = Self.wholeVector(property, in: &p)
            whole[index] = v.x
            Self.setWholeVector(property, whole, in: &p)
        case .pair(let index):
            var whole = Self.wholeVector(property, in: &p)
            whole[index] = v.x
            whole[index + 1] = v.y
            Self.setWholeVector(property, whole, in: &p)
        case .transformField(let field):
            guard let t = transform(in: p) else { return }
            // A singular transform has no components: start from the identity's.
            var components = Self.components(of: t) ?? TransformComponents()
            components.setValue(v.x, for: field)
            setTransform(components.transform, in: &p)
        case .translation:
            guard var t = transform(in: p) else { return }
            t.m41 = v.x
            t.m42 = v.y
            setTransform(t, in: &p)
        case .filterInput(let number):
            if property == .filters {
                FilterInputKeyPaths.set(v.x, number, in: &p.filters)
            } else {
                FilterInputKeyPaths.set(v.x, number, in: &p.backgroundFilters)
            }
        case .emitterCell(let number):
            EmitterCellKeyPaths.set(v.x, number, in: &p.emitterCells)
        }
    }

    /// Replaces the value at this key path with `update(value)`; only for
    /// ``isInterpolatedVector`` key paths. What an animation does every frame: a transform field
    /// takes the transform apart once for both (not at all when it is the identity, as most
    /// layers' model transform is).
    @inline(__always)
    func updateVector(in p: inout LayerProperties, _ update: (SIMD4<Double>) -> SIMD4<Double>) {
        guard case .transformField(let field) = field else {
            setVector(update(vector(in: &p)), in: &p)
            return
        }
        guard let t = transform(in: p) else { return }
        if CATransform3DIsIdentity(t) {
            let value = update(SIMD4(TransformComponents().value(for: field), 0, 0, 0)).x
            setTransform(TransformComponents.identity(setting: field, to: value), in: &p)
            return
        }
        // A singular transform has no components: it reads 0 and is set from the identity's.
        let decomposed = TransformComponents(decomposing: t)
        var components = decomposed ?? TransformComponents()
        components.setValue(update(SIMD4(decomposed?.value(for: field) ?? 0, 0, 0, 0)).x, for: field)
        setTransform(components.transform, in: &p)
    }

    /// The decomposition, skipped for the identity (most layers' model transform).
    private static func components(of t: CATransform3D) -> TransformComponents? {
        CATransform3DIsIdentity(t) ? TransformComponents() : TransformComponents(decomposing: t)
    }

    /// Which of a layer's transforms the key path's property is; nil for the others (its fields
    /// resolve only for a transform).
    private var transformSlot: TransformSlot? {
        switch property {
        case .transform: return .transform
        case .sublayerTransform: return .sublayerTransform
        case .instanceTransform: return .instanceTransform
        case .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .geometryFlipped, .doubleSided, .opacity, .hidden,
             .backgroundColor, .cornerRadius, .cornerCurve, .maskedCorners, .borderWidth, .borderColor, .masksToBounds, .shadowColor,
             .shadowOpacity, .shadowRadius, .shadowOffset, .shadowPath, .contents, .contentsGravity, .contentsRect, .contentsCenter,
             .contentsScale, .minificationFilter, .minificationFilterBias, .magnificationFilter, .filters, .backgroundFilters,
             .compositingFilter, .path, .fillColor, .fillRule, .strokeColor, .lineWidth, .lineJoin, .lineCap, .miterLimit,
             .lineDashPattern, .lineDashPhase, .strokeStart, .strokeEnd, .instanceCount, .instanceDelay, .instanceColor,
             .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset, .colors, .locations, .startPoint,
             .endPoint, .type, .groupName, .scale, .hidesSourceLayer, .matchesOpacity, .matchesPosition, .matchesTransform,
             .birthRate, .lifetime, .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth, .emitterShape, .emitterMode,
             .renderMode, .preservesDepth, .velocity, .spin, .seed, .emitterCells, .string, .font, .fontSize, .foregroundColor,
             .wrapped, .alignmentMode, .truncationMode, .allowsFontSubpixelQuantization:
            return nil
        }
    }

    private enum TransformSlot { case transform, sublayerTransform, instanceTransform }

    private func transform(in p: borrowing LayerProperties) -> CATransform3D? {
        switch transformSlot {
        case .transform: return p.transform
        case .sublayerTransform: return p.sublayerTransform
        case .instanceTransform: return p.instanceTransform
        case nil: return nil
        }
    }

    private func setTransform(_ t: CATransform3D, in p: inout LayerProperties) {
        switch transformSlot {
        case .transform: p.transform = t
        case .sublayerTransform: p.sublayerTransform = t
        case .instanceTransform: p.instanceTransform = t
        case nil: break
        }
    }

    /// A vector of the out-of-line properties (``RareLayerProperties``), read by `read` out of
    /// line: their copy-on-write accessors, inline in the hot switches, made them larger and
    /// slower for every other property.
    @inline(never)
    private static func rare(_ box: RareLayerPropertiesBox, _ read: (RareLayerProperties) -> SIMD4<Double>) -> SIMD4<Double> {
        read(box.value)
    }

    /// Stores a vector of the out-of-line properties through `write`, out of line (see
    /// ``rare(_:_:)``): one copy-on-write of the box, whichever property.
    @inline(never)
    private static func setRare(_ p: inout LayerProperties, _ write: (inout RareLayerProperties) -> Void) {
        write(&p.rareProperties)
    }

    private static func number(_ x: Double) -> SIMD4<Double> { SIMD4(x, 0, 0, 0) }

    private static func point(_ p: CGPoint) -> SIMD4<Double> { SIMD4(Double(p.x), Double(p.y), 0, 0) }

    private static func size(_ s: CGSize) -> SIMD4<Double> { SIMD4(Double(s.width), Double(s.height), 0, 0) }

    private static func rect(_ r: CGRect) -> SIMD4<Double> {
        SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
    }

    private static func color(_ c: Color?) -> SIMD4<Double> {
        guard let c else { return .zero }
        return SIMD4(c.red, c.green, c.blue, c.alpha)
    }

    private static func color(_ v: SIMD4<Double>) -> Color {
        Color(red: v.x, green: v.y, blue: v.z, alpha: v.w)
    }

    /// A whole property as a vector (the components of ``AnimatableValue/vector``); zero for
    /// the properties that are not vectors. `inout` though it only reads: see
    /// `vector(in:)` (inout). The out-of-line properties are read through ``rare(_:_:)``.
    @inline(__always) static func wholeVector(_ property: LayerProperty, in p: inout LayerProperties) -> SIMD4<Double> {
        switch property {
        case .bounds: return rect(p.bounds)
        case .position: return point(p.position)
        case .anchorPoint: return point(p.anchorPoint)
        case .shadowOffset: return size(p.shadowOffset)
        case .zPosition: return number(Double(p.zPosition))
        case .anchorPointZ: return number(Double(p.anchorPointZ))
        case .opacity: return number(Double(p.opacity))
        case .cornerRadius: return number(Double(p.cornerRadius))
        case .borderWidth: return number(Double(p.borderWidth))
        case .shadowOpacity: return number(Double(p.shadowOpacity))
        case .shadowRadius: return number(Double(p.shadowRadius))
        case .lineWidth: return number(Double(p.lineWidth))
        case .miterLimit: return number(Double(p.miterLimit))
        case .instanceCount: return number(Double(p.instanceCount))
        case .lineDashPhase: return number(Double(p.lineDashPhase))
        case .strokeStart: return number(Double(p.strokeStart))
        case .strokeEnd: return number(Double(p.strokeEnd))
        case .instanceDelay: return number(p.instanceDelay)
        case .instanceRedOffset: return number(Double(p.instanceRedOffset))
        case .instanceGreenOffset: return number(Double(p.instanceGreenOffset))
        case .instanceBlueOffset: return number(Double(p.instanceBlueOffset))
        case .instanceAlphaOffset: return number(Double(p.instanceAlphaOffset))
        case .backgroundColor: return color(p.backgroundColor)
        case .borderColor: return color(p.borderColor)
        case .shadowColor: return color(p.shadowColor)
        case .fillColor: return color(p.fillColor)
        case .strokeColor: return color(p.strokeColor)
        case .instanceColor: return color(p.instanceColor)
        case .contentsRect: return rare(p.rare) { rect($0.contentsRect) }
        case .contentsCenter: return rare(p.rare) { rect($0.contentsCenter) }
        case .startPoint: return rare(p.rare) { point($0.startPoint) }
        case .endPoint: return rare(p.rare) { point($0.endPoint) }
        case .scale: return rare(p.rare) { number(Double($0.scale)) }
        case .birthRate: return rare(p.rare) { number(Double($0.emitter.birthRate)) }
        case .lifetime: return rare(p.rare) { number(Double($0.emitter.lifetime)) }
        case .emitterPosition: return rare(p.rare) { point($0.emitter.emitterPosition) }
        case .emitterZPosition: return rare(p.rare) { number(Double($0.emitter.emitterZPosition)) }
        case .emitterSize: return rare(p.rare) { size($0.emitter.emitterSize) }
        case .emitterDepth: return rare(p.rare) { number(Double($0.emitter.emitterDepth)) }
        case .velocity: return rare(p.rare) { number(Double($0.emitter.velocity)) }
        case .spin: return rare(p.rare) { number(Double($0.emitter.spin)) }
        case .fontSize: return rare(p.rare) { number(Double($0.text.fontSize)) }
        case .foregroundColor: return rare(p.rare) { color($0.text.foregroundColor) }
        case .transform, .sublayerTransform, .instanceTransform, .hidden, .masksToBounds, .shadowPath, .path,
             .fillRule, .lineJoin, .lineCap, .lineDashPattern, .geometryFlipped, .doubleSided, .cornerCurve, .maskedCorners,
             .contents, .contentsGravity, .contentsScale, .minificationFilter, .minificationFilterBias, .magnificationFilter,
             .filters, .backgroundFilters, .compositingFilter, .colors, .locations, .type, .groupName, .hidesSourceLayer,
             .matchesOpacity, .matchesPosition, .matchesTransform, .emitterShape, .emitterMode, .renderMode, .preservesDepth,
             .seed, .emitterCells, .string, .font, .wrapped, .alignmentMode, .truncationMode, .allowsFontSubpixelQuantization:
            return .zero
        }
    }

    /// Stores a whole property from a vector; nothing for the properties that are not vectors.
    /// The out-of-line properties are stored through ``setRare(_:_:)``.
    static func setWholeVector(_ property: LayerProperty, _ v: SIMD4<Double>, in p: inout LayerProperties) {
        switch property {
        case .bounds: p.bounds = CGRect(x: v.x, y: v.y, width: v.z, height: v.w)
        case .position: p.position = CGPoint(x: v.x, y: v.y)
        case .anchorPoint: p.anchorPoint = CGPoint(x: v.x, y: v.y)
        case .shadowOffset: p.shadowOffset = CGSize(width: v.x, height: v.y)
        case .zPosition: p.zPosition = CGFloat(v.x)
        case .anchorPointZ: p.anchorPointZ = CGFloat(v.x)
        case .opacity: p.opacity = Float(v.x)
        case .cornerRadius: p.cornerRadius = CGFloat(v.x)
        case .borderWidth: p.borderWidth = CGFloat(v.x)
        case .shadowOpacity: p.shadowOpacity = Float(v.x)
        case .shadowRadius: p.shadowRadius = CGFloat(v.x)
        case .lineWidth: p.lineWidth = CGFloat(v.x)
        case .miterLimit: p.miterLimit = CGFloat(v.x)
        case .instanceCount: p.instanceCount = Int(animatedNumber: v.x)
        case .lineDashPhase: p.lineDashPhase = CGFloat(v.x)
        case .strokeStart: p.strokeStart = CGFloat(v.x)
        case .strokeEnd: p.strokeEnd = CGFloat(v.x)
        case .instanceDelay: p.instanceDelay = v.x
        case .instanceRedOffset: p.instanceRedOffset = Float(v.x)
        case .instanceGreenOffset: p.instanceGreenOffset = Float(v.x)
        case .instanceBlueOffset: p.instanceBlueOffset = Float(v.x)
        case .instanceAlphaOffset: p.instanceAlphaOffset = Float(v.x)
        case .backgroundColor: p.backgroundColor = color(v)
        case .borderColor: p.borderColor = color(v)
        case .shadowColor: p.shadowColor = color(v)
        case .fillColor: p.fillColor = color(v)
        case .strokeColor: p.strokeColor = color(v)
        case .instanceColor: p.instanceColor = color(v)
        case .contentsRect: setRare(&p) { $0.contentsRect = CGRect(x: v.x, y: v.y, width: v.z, height: v.w) }
        case .contentsCenter: setRare(&p) { $0.contentsCenter = CGRect(x: v.x, y: v.y, width: v.z, height: v.w) }
        case .startPoint: setRare(&p) { $0.startPoint = CGPoint(x: v.x, y: v.y) }
        case .endPoint: setRare(&p) { $0.endPoint = CGPoint(x: v.x, y: v.y) }
        case .scale: setRare(&p) { $0.scale = CGFloat(v.x) }
        case .birthRate: setRare(&p) { $0.emitter.birthRate = Float(v.x) }
        case .lifetime: setRare(&p) { $0.emitter.lifetime = Float(v.x) }
        case .emitterPosition: setRare(&p) { $0.emitter.emitterPosition = CGPoint(x: v.x, y: v.y) }
        case .emitterZPosition: setRare(&p) { $0.emitter.emitterZPosition = CGFloat(v.x) }
        case .emitterSize: setRare(&p) { $0.emitter.emitterSize = CGSize(width: v.x, height: v.y) }
        case .emitterDepth: setRare(&p) { $0.emitter.emitterDepth = CGFloat(v.x) }
        case .velocity: setRare(&p) { $0.emitter.velocity = Float(v.x) }
        case .spin: setRare(&p) { $0.emitter.spin = Float(v.x) }
        case .fontSize: setRare(&p) { $0.text.fontSize = CGFloat(v.x) }
        case .foregroundColor: setRare(&p) { $0.text.foregroundColor = color(v) }
        case .transform, .sublayerTransform, .instanceTransform, .hidden, .masksToBounds, .shadowPath, .path,
             .fillRule, .lineJoin, .lineCap, .lineDashPattern, .geometryFlipped, .doubleSided, .cornerCurve, .maskedCorners,
             .contents, .contentsGravity, .contentsScale, .minificationFilter, .minificationFilterBias, .magnificationFilter,
             .filters, .backgroundFilters, .compositingFilter, .colors, .locations, .type, .groupName, .hidesSourceLayer,
             .matchesOpacity, .matchesPosition, .matchesTransform, .emitterShape, .emitterMode, .renderMode, .preservesDepth,
             .seed, .emitterCells, .string, .font, .wrapped, .alignmentMode, .truncationMode, .allowsFontSubpixelQuantization:
            break
        }
    }
}

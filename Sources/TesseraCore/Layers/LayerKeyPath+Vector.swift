import Foundation
import TesseraRaster

/// Direct access to key paths whose values are vectors of up to four numbers (numbers, points,
/// sizes, rects, colors, and the numeric fields of structures and transforms), without going
/// through ``AnimatableValue``: the path most animations take every frame. The components are
/// those of ``AnimatableValue/vector``.
///
/// The property table (``LayerProperty/definition``) reads and writes through key paths and
/// closures; here, every animation of every layer each frame, a switch over ``LayerProperty``
/// compiles to direct loads and stores of the field. No switch here has a `default`, so that the
/// compiler asks each of them about a new property: a vector in ``wholeVector(_:in:)`` and
/// ``setWholeVector(_:_:in:)`` (in their case that calls `rareVector` when it is out of line,
/// and in that one), else listed with the properties each switch does not
/// handle. A transform's fields are found by ``LayerKeyPath/TransformSlot``, resolved once.
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
    /// stack first (a memcpy per animation per frame).
    @inline(__always) func vector(in p: inout LayerProperties) -> SIMD4<Double> {
        switch field {
        case .whole:
            return Self.wholeVector(property, in: &p)
        case .component(let index):
            return SIMD4(Self.wholeVector(property, in: &p)[index], 0, 0, 0)
        case .pair(let index):
            let v = Self.wholeVector(property, in: &p)
            return SIMD4(v[index], v[index + 1], 0, 0)
        case .transformField(let field, let slot):
            return SIMD4(Self.components(of: Self.transform(slot, in: p))?.value(for: field) ?? 0, 0, 0, 0)
        case .translation(let slot):
            let t = Self.transform(slot, in: p)
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
        case .transformField(let field, let slot):
            // A singular transform has no components: start from the identity's.
            var components = Self.components(of: Self.transform(slot, in: p)) ?? TransformComponents()
            components.setValue(v.x, for: field)
            Self.setTransform(components.transform, slot, in: &p)
        case .translation(let slot):
            var t = Self.transform(slot, in: p)
            t.m41 = v.x
            t.m42 = v.y
            Self.setTransform(t, slot, in: &p)
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
        guard case .transformField(let field, let slot) = field else {
            setVector(update(vector(in: &p)), in: &p)
            return
        }
        let t = Self.transform(slot, in: p)
        if CATransform3DIsIdentity(t) {
            let value = update(SIMD4(TransformComponents().value(for: field), 0, 0, 0)).x
            Self.setTransform(TransformComponents.identity(setting: field, to: value), slot, in: &p)
            return
        }
        // A singular transform has no components: it reads 0 and is set from the identity's.
        let decomposed = TransformComponents(decomposing: t)
        var components = decomposed ?? TransformComponents()
        components.setValue(update(SIMD4(decomposed?.value(for: field) ?? 0, 0, 0, 0)).x, for: field)
        Self.setTransform(components.transform, slot, in: &p)
    }

    /// The decomposition, skipped for the identity (most layers' model transform).
    private static func components(of t: CATransform3D) -> TransformComponents? {
        CATransform3DIsIdentity(t) ? TransformComponents() : TransformComponents(decomposing: t)
    }

    private static func transform(_ slot: TransformSlot, in p: borrowing LayerProperties) -> CATransform3D {
        switch slot {
        case .transform: return p.transform
        case .sublayerTransform: return p.sublayerTransform
        case .instanceTransform: return p.instanceTransform
        }
    }

    private static func setTransform(_ t: CATransform3D, _ slot: TransformSlot, in p: inout LayerProperties) {
        switch slot {
        case .transform: p.transform = t
        case .sublayerTransform: p.sublayerTransform = t
        case .instanceTransform: p.instanceTransform = t
        }
    }

    /// The vector of an out-of-line property (``RareLayerProperties``), after storing `v` there
    /// when given; zero for the others, which the hot switches hold. Out of line, one case of
    /// each hot switch: their copy-on-write accessors made those larger and slower for every
    /// other property.
    @inline(never)
    private static func rareVector(_ property: LayerProperty, in p: inout LayerProperties, storing v: SIMD4<Double>?) -> SIMD4<Double> {
        func rect(_ r: CGRect) -> SIMD4<Double> {
            SIMD4(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
        }
        switch property {
        case .contentsRect:
            if let v { p.contentsRect = CGRect(x: v.x, y: v.y, width: v.z, height: v.w) }
            return rect(p.contentsRect)
        case .contentsCenter:
            if let v { p.contentsCenter = CGRect(x: v.x, y: v.y, width: v.z, height: v.w) }
            return rect(p.contentsCenter)
        case .startPoint:
            if let v { p.startPoint = CGPoint(x: v.x, y: v.y) }
            return SIMD4(Double(p.startPoint.x), Double(p.startPoint.y), 0, 0)
        case .endPoint:
            if let v { p.endPoint = CGPoint(x: v.x, y: v.y) }
            return SIMD4(Double(p.endPoint.x), Double(p.endPoint.y), 0, 0)
        case .scale:
            if let v { p.scale = CGFloat(v.x) }
            return SIMD4(Double(p.scale), 0, 0, 0)
        case .birthRate:
            if let v { p.birthRate = Float(v.x) }
            return SIMD4(Double(p.birthRate), 0, 0, 0)
        case .lifetime:
            if let v { p.lifetime = Float(v.x) }
            return SIMD4(Double(p.lifetime), 0, 0, 0)
        case .emitterPosition:
            if let v { p.emitterPosition = CGPoint(x: v.x, y: v.y) }
            return SIMD4(Double(p.emitterPosition.x), Double(p.emitterPosition.y), 0, 0)
        case .emitterZPosition:
            if let v { p.emitterZPosition = CGFloat(v.x) }
            return SIMD4(Double(p.emitterZPosition), 0, 0, 0)
        case .emitterSize:
            if let v { p.emitterSize = CGSize(width: v.x, height: v.y) }
            return SIMD4(Double(p.emitterSize.width), Double(p.emitterSize.height), 0, 0)
        case .emitterDepth:
            if let v { p.emitterDepth = CGFloat(v.x) }
            return SIMD4(Double(p.emitterDepth), 0, 0, 0)
        case .velocity:
            if let v { p.velocity = Float(v.x) }
            return SIMD4(Double(p.velocity), 0, 0, 0)
        case .spin:
            if let v { p.spin = Float(v.x) }
            return SIMD4(Double(p.spin), 0, 0, 0)
        case .fontSize:
            if let v { p.fontSize = CGFloat(v.x) }
            return SIMD4(Double(p.fontSize), 0, 0, 0)
        case .foregroundColor:
            if let v { p.foregroundColor = color(v) }
            return color(p.foregroundColor)
        case .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .sublayerTransform, .geometryFlipped,
            .doubleSided, .opacity, .hidden, .backgroundColor, .cornerRadius, .cornerCurve, .maskedCorners, .borderWidth,
            .borderColor, .masksToBounds, .shadowColor, .shadowOpacity, .shadowRadius, .shadowOffset, .shadowPath, .contents,
            .contentsGravity, .contentsScale, .minificationFilter, .minificationFilterBias, .magnificationFilter, .filters,
            .backgroundFilters, .compositingFilter, .path, .fillColor, .fillRule, .strokeColor, .lineWidth, .lineJoin, .lineCap,
            .miterLimit, .lineDashPattern, .lineDashPhase, .strokeStart, .strokeEnd, .instanceCount, .instanceDelay,
            .instanceTransform, .instanceColor, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset,
            .instanceAlphaOffset, .colors, .locations, .type, .groupName, .hidesSourceLayer, .matchesOpacity, .matchesPosition,
            .matchesTransform, .emitterShape, .emitterMode, .renderMode, .preservesDepth, .seed, .emitterCells, .string, .font,
            .wrapped, .alignmentMode, .truncationMode, .allowsFontSubpixelQuantization:
            return .zero
        }
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
    /// `vector(in:)` (inout).
    @inline(__always) static func wholeVector(_ property: LayerProperty, in p: inout LayerProperties) -> SIMD4<Double> {
        func number(_ x: Double) -> SIMD4<Double> { SIMD4(x, 0, 0, 0) }
        switch property {
        case .bounds:
            return SIMD4(Double(p.bounds.origin.x), Double(p.bounds.origin.y), Double(p.bounds.size.width), Double(p.bounds.size.height))
        case .contentsRect, .contentsCenter, .startPoint, .endPoint, .scale, .birthRate, .lifetime, .emitterPosition,
            .emitterZPosition, .emitterSize, .emitterDepth, .velocity, .spin, .fontSize, .foregroundColor:
            return rareVector(property, in: &p, storing: nil)
        case .position: return SIMD4(Double(p.position.x), Double(p.position.y), 0, 0)
        case .anchorPoint: return SIMD4(Double(p.anchorPoint.x), Double(p.anchorPoint.y), 0, 0)
        case .shadowOffset: return SIMD4(Double(p.shadowOffset.width), Double(p.shadowOffset.height), 0, 0)
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
        case .transform, .sublayerTransform, .instanceTransform, .hidden, .masksToBounds, .shadowPath, .path,
            .fillRule, .lineJoin, .lineCap, .lineDashPattern, .geometryFlipped, .doubleSided, .cornerCurve, .maskedCorners, .contents,
            .contentsGravity, .contentsScale, .minificationFilter, .minificationFilterBias, .magnificationFilter, .filters,
            .backgroundFilters, .compositingFilter, .colors, .locations, .type, .groupName,
            .hidesSourceLayer, .matchesOpacity, .matchesPosition, .matchesTransform, .emitterShape, .emitterMode, .renderMode,
            .preservesDepth, .seed, .emitterCells, .string, .font, .wrapped, .alignmentMode, .truncationMode,
            .allowsFontSubpixelQuantization:
            return .zero
        }
    }

    /// Stores a whole property from a vector; nothing for the properties that are not vectors.
    static func setWholeVector(_ property: LayerProperty, _ v: SIMD4<Double>, in p: inout LayerProperties) {
        switch property {
        case .bounds: p.bounds = CGRect(x: v.x, y: v.y, width: v.z, height: v.w)
        case .contentsRect, .contentsCenter, .startPoint, .endPoint, .scale, .birthRate, .lifetime, .emitterPosition,
            .emitterZPosition, .emitterSize, .emitterDepth, .velocity, .spin, .fontSize, .foregroundColor:
            _ = rareVector(property, in: &p, storing: v)
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
        case .transform, .sublayerTransform, .instanceTransform, .hidden, .masksToBounds, .shadowPath, .path,
            .fillRule, .lineJoin, .lineCap, .lineDashPattern, .geometryFlipped, .doubleSided, .cornerCurve, .maskedCorners, .contents,
            .contentsGravity, .contentsScale, .minificationFilter, .minificationFilterBias, .magnificationFilter, .filters,
            .backgroundFilters, .compositingFilter, .colors, .locations, .type, .groupName,
            .hidesSourceLayer, .matchesOpacity, .matchesPosition, .matchesTransform, .emitterShape, .emitterMode, .renderMode,
            .preservesDepth, .seed, .emitterCells, .string, .font, .wrapped, .alignmentMode, .truncationMode,
            .allowsFontSubpixelQuantization:
            break
        }
    }
}

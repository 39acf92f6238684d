import Foundation
import TesseraRaster

/// An animatable key path of a layer, resolved once from its string (`"position.x"`,
/// `"transform.rotation.z"`, `"bounds.size.width"`, …) so that evaluating it every frame does no
/// string work.
package struct LayerKeyPath: Hashable, Sendable {
    /// A part of a structured property.
    enum Field: Hashable, Sendable {
        case whole
        /// Component `index` of the property's vector (x/y of a point, width/height of a size,
        /// origin.x, origin.y, size.width, size.height of a rect).
        case component(Int)
        /// A pair of components of a rect: origin (0) or size (2), as a point or a size.
        case pair(Int)
        /// A field of the transform `slot`: "rotation.z", "scale", "translation.x", …
        case transformField(TransformComponents.Field, of: TransformSlot)
        /// `transform.translation`: x and y of the transform `slot` as a size.
        case translation(of: TransformSlot)
        /// A number input of a filter of `filters` or `backgroundFilters`
        /// (`filters.NAME.KEY`), by its number in ``FilterInputKeyPaths``.
        case filterInput(Int)
        /// A number of an emitter's cell (`emitterCells.NAME.FIELD`, nested cells as
        /// `emitterCells.A.emitterCells.B.FIELD`), by its number in ``EmitterCellKeyPaths``.
        case emitterCell(Int)
    }

    /// An animatable property (one whose ``LayerPropertyDefinition/animation`` is not nil).
    package let property: LayerProperty
    let field: Field
    /// The kind of the whole property's value and whether it is discrete, copied from the table
    /// once: read for every animation each frame, where the table's row would be a lookup and
    /// a copy of its closures.
    private let propertyKind: AnimatableValueKind
    /// Whether Core Animation changes the property without interpolating it.
    let isDiscrete: Bool

    /// The whole of an animatable property.
    package init?(whole property: LayerProperty) {
        guard let animation = property.animation else { return nil }
        self.init(property, animation, field: .whole)
    }

    private init(_ property: LayerProperty, _ animation: LayerPropertyDefinition.Animation, field: Field) {
        self.property = property
        self.field = field
        propertyKind = animation.kind
        isDiscrete = animation.isDiscrete
    }

    /// `filters.NAME.KEY` or `backgroundFilters.NAME.KEY`: a filter's number input, animatable
    /// although the lists themselves are not. The name is everything between the first and the
    /// last dot (names such as `gaussianBlur-58DDF83E` have no dots).
    private init?(filterInput string: String) {
        let list: LayerProperty
        if string.hasPrefix("filters.") {
            list = .filters
        } else if string.hasPrefix("backgroundFilters.") {
            list = .backgroundFilters
        } else {
            return nil
        }
        let rest = string.drop { $0 != "." }.dropFirst()
        guard let lastDot = rest.lastIndex(of: "."), lastDot > rest.startIndex else { return nil }
        let name = String(rest[..<lastDot]), key = String(rest[rest.index(after: lastDot)...])
        guard !key.isEmpty else { return nil }
        property = list
        field = .filterInput(FilterInputKeyPaths.numbers.number(of: .init(name: name, key: key)))
        propertyKind = .number
        isDiscrete = false
    }

    /// `emitterCells.NAME.FIELD`: a number of a cell, animatable although the cells themselves
    /// are not (Apple documents the cells' numbers as animatable through the emitter).
    private init?(emitterCell string: String) {
        guard string.hasPrefix(EmitterCellKeyPaths.prefix), let path = EmitterCellKeyPaths.Path(string) else { return nil }
        property = .emitterCells
        field = .emitterCell(EmitterCellKeyPaths.numbers.number(of: path))
        propertyKind = .number
        isDiscrete = false
    }

    /// Resolves a key path string by the property table's names; nil for one that is not
    /// animatable.
    package init?(_ string: String) {
        // Most key paths name a whole property: no dot, no prefix to look for, nothing to split
        // (an animation added resolves its key path).
        if !string.utf8.contains(UInt8(ascii: ".")) {
            guard let property = LayerProperty.animatable(named: string), let animation = property.animation else { return nil }
            self.init(property, animation, field: .whole)
            return
        }
        if let filterInput = LayerKeyPath(filterInput: string) {
            self = filterInput
            return
        }
        if let cellField = LayerKeyPath(emitterCell: string) {
            self = cellField
            return
        }
        let parts = Self.propertyAndRest(string)
        guard let first = parts.first, let property = LayerProperty.animatable(named: first),
            let animation = property.animation
        else { return nil }
        guard parts.count == 2 else {
            self.init(property, animation, field: .whole)
            return
        }
        let rest = parts[1], field: Field
        switch (animation.kind, rest) {
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
        case (.transform, "translation"):
            guard let slot = TransformSlot(property) else { return nil }
            field = .translation(of: slot)
        case (.transform, _):
            guard let transformField = TransformComponents.Field(rest), let slot = TransformSlot(property) else { return nil }
            field = .transformField(transformField, of: slot)
        default: return nil
        }
        self.init(property, animation, field: field)
    }

    /// `string.split(separator: ".", maxSplits: 1)`: a `CALayer.setValue(_:forKeyPath:)` parses
    /// a key path each time, and the generic split over characters is slow.
    /// A dot inside the string splits it by its UTF-8 index; one at either end, as split does.
    private static func propertyAndRest(_ string: String) -> [String] {
        guard let dot = string.utf8.firstIndex(of: UInt8(ascii: ".")) else { return string.isEmpty ? [] : [string] }
        guard dot != string.startIndex, string.index(after: dot) != string.endIndex else {
            return string.split(separator: ".", maxSplits: 1).map(String.init)
        }
        return [String(string[..<dot]), String(string[string.index(after: dot)...])]
    }

    /// The table's description of how the property animates.
    private var animation: LayerPropertyDefinition.Animation {
        // Every key path resolves to an animatable property (see the initializers).
        property.animation!
    }

    /// The kind of value the key path holds.
    package var kind: AnimatableValueKind {
        switch field {
        case .whole: return propertyKind
        case .component, .transformField, .filterInput, .emitterCell: return .number
        case .pair(let index): return index == 0 ? .point : .size
        case .translation: return .size
        }
    }

    /// The value at this key path in `properties`. Fields of structures and transforms are
    /// vectors: read through ``vector(in:)``.
    package func value(in properties: LayerProperties) -> AnimatableValue {
        guard field == .whole else { return AnimatableValue(vector: vector(in: properties), kind: kind) ?? .number(0) }
        return animation.value(properties)
    }

    /// Stores `value` at this key path in `properties`; a value of the wrong kind is ignored.
    package func set(_ value: AnimatableValue, in properties: inout LayerProperties) {
        guard field == .whole else {
            if value.kind == kind, let v = value.vector { setVector(v, in: &properties) }
            return
        }
        animation.set(value, &properties)
    }
}

extension LayerKeyPath {
    /// Which of a layer's transforms a key path's fields are of: found once, when the key path
    /// resolves, so that evaluating it switches over three cases, not over every property.
    enum TransformSlot: Hashable, Sendable {
        case transform, sublayerTransform, instanceTransform

        /// The slot of `property`; nil for a property that is not a transform. No `default`: the
        /// compiler asks about each new property.
        init?(_ property: LayerProperty) {
            switch property {
            case .transform: self = .transform
            case .sublayerTransform: self = .sublayerTransform
            case .instanceTransform: self = .instanceTransform
            case .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .geometryFlipped, .doubleSided, .opacity, .hidden,
                .backgroundColor, .cornerRadius, .cornerCurve, .maskedCorners, .borderWidth, .borderColor, .masksToBounds,
                .shadowColor, .shadowOpacity, .shadowRadius, .shadowOffset, .shadowPath, .contents, .contentsGravity, .contentsRect,
                .contentsCenter, .contentsScale, .minificationFilter, .minificationFilterBias, .magnificationFilter, .filters,
                .backgroundFilters, .compositingFilter, .path, .fillColor, .fillRule, .strokeColor, .lineWidth, .lineJoin, .lineCap,
                .miterLimit, .lineDashPattern, .lineDashPhase, .strokeStart, .strokeEnd, .instanceCount, .instanceDelay,
                .instanceColor, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset, .colors,
                .locations, .startPoint, .endPoint, .type, .groupName, .scale, .hidesSourceLayer, .matchesOpacity,
                .matchesPosition, .matchesTransform, .birthRate, .lifetime, .emitterPosition, .emitterZPosition, .emitterSize,
                .emitterDepth, .emitterShape, .emitterMode, .renderMode, .preservesDepth, .velocity, .spin, .seed, .emitterCells,
                .string, .font, .fontSize, .foregroundColor, .wrapped, .alignmentMode, .truncationMode,
                .allowsFontSubpixelQuantization:
                return nil
            }
        }
    }
}

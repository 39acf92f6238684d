extension AnimationProgram {
    /// The properties that applying the animation may write: its key path's property (a
    /// group's children's), and the transform of a keyframe animation along a path, which a
    /// rotation mode turns.
    var writtenProperties: [LayerProperty] {
        switch body {
        case .property(let program):
            if case .keyframes(let keyframes) = program.values, keyframes.path != nil {
                return [program.keyPath.property, .transform]
            }
            return [program.keyPath.property]
        case .group(let children):
            return children.flatMap(\.writtenProperties)
        case .transition:
            return []
        }
    }
}

extension LayerProperties {
    /// Sets `property` to its value in `model`.
    ///
    /// Called for every animated property of every layer each frame: a switch over
    /// ``LayerProperty`` assigns the field directly. Restoring through the table's key paths
    /// (a closure per property, kept in the plan) costs more than twice as much.
    /// The switch has no `default`, so that the compiler asks for each new property.
    mutating func restore(_ property: LayerProperty, from model: UnsafePointer<LayerProperties>) {
        switch property {
        case .bounds: bounds = model.pointee.bounds
        case .position: position = model.pointee.position
        case .zPosition: zPosition = model.pointee.zPosition
        case .anchorPoint: anchorPoint = model.pointee.anchorPoint
        case .anchorPointZ: anchorPointZ = model.pointee.anchorPointZ
        case .transform: transform = model.pointee.transform
        case .sublayerTransform: sublayerTransform = model.pointee.sublayerTransform
        case .geometryFlipped: isGeometryFlipped = model.pointee.isGeometryFlipped
        case .doubleSided: isDoubleSided = model.pointee.isDoubleSided
        case .opacity: opacity = model.pointee.opacity
        case .hidden: isHidden = model.pointee.isHidden
        case .backgroundColor: backgroundColor = model.pointee.backgroundColor
        case .cornerRadius: cornerRadius = model.pointee.cornerRadius
        case .cornerCurve: cornerCurve = model.pointee.cornerCurve
        case .colors: colors = model.pointee.colors
        case .locations: locations = model.pointee.locations
        case .startPoint: startPoint = model.pointee.startPoint
        case .endPoint: endPoint = model.pointee.endPoint
        case .type: type = model.pointee.type
        case .groupName: groupName = model.pointee.groupName
        case .scale: scale = model.pointee.scale
        case .hidesSourceLayer: hidesSourceLayer = model.pointee.hidesSourceLayer
        case .matchesOpacity: matchesOpacity = model.pointee.matchesOpacity
        case .matchesPosition: matchesPosition = model.pointee.matchesPosition
        case .matchesTransform: matchesTransform = model.pointee.matchesTransform
        case .birthRate: birthRate = model.pointee.birthRate
        case .lifetime: lifetime = model.pointee.lifetime
        case .emitterPosition: emitterPosition = model.pointee.emitterPosition
        case .emitterZPosition: emitterZPosition = model.pointee.emitterZPosition
        case .emitterSize: emitterSize = model.pointee.emitterSize
        case .emitterDepth: emitterDepth = model.pointee.emitterDepth
        case .emitterShape: emitterShape = model.pointee.emitterShape
        case .emitterMode: emitterMode = model.pointee.emitterMode
        case .renderMode: renderMode = model.pointee.renderMode
        case .preservesDepth: preservesDepth = model.pointee.preservesDepth
        case .velocity: velocity = model.pointee.velocity
        case .spin: spin = model.pointee.spin
        case .seed: seed = model.pointee.seed
        case .emitterCells: emitterCells = model.pointee.emitterCells
        case .string: string = model.pointee.string
        case .font: font = model.pointee.font
        case .fontSize: fontSize = model.pointee.fontSize
        case .foregroundColor: foregroundColor = model.pointee.foregroundColor
        case .wrapped: isWrapped = model.pointee.isWrapped
        case .alignmentMode: alignmentMode = model.pointee.alignmentMode
        case .truncationMode: truncationMode = model.pointee.truncationMode
        case .allowsFontSubpixelQuantization: allowsFontSubpixelQuantization = model.pointee.allowsFontSubpixelQuantization
        case .contents: contents = model.pointee.contents
        case .contentsGravity: contentsGravity = model.pointee.contentsGravity
        case .contentsRect: contentsRect = model.pointee.contentsRect
        case .contentsCenter: contentsCenter = model.pointee.contentsCenter
        case .contentsScale: contentsScale = model.pointee.contentsScale
        case .minificationFilter: minificationFilter = model.pointee.minificationFilter
        case .minificationFilterBias: minificationFilterBias = model.pointee.minificationFilterBias
        case .magnificationFilter: magnificationFilter = model.pointee.magnificationFilter
        case .filters: filters = model.pointee.filters
        case .backgroundFilters: backgroundFilters = model.pointee.backgroundFilters
        case .compositingFilter: compositingFilter = model.pointee.compositingFilter
        case .maskedCorners: maskedCorners = model.pointee.maskedCorners
        case .borderWidth: borderWidth = model.pointee.borderWidth
        case .borderColor: borderColor = model.pointee.borderColor
        case .masksToBounds: masksToBounds = model.pointee.masksToBounds
        case .shadowColor: shadowColor = model.pointee.shadowColor
        case .shadowOpacity: shadowOpacity = model.pointee.shadowOpacity
        case .shadowRadius: shadowRadius = model.pointee.shadowRadius
        case .shadowOffset: shadowOffset = model.pointee.shadowOffset
        case .shadowPath: shadowPath = model.pointee.shadowPath
        case .path: path = model.pointee.path
        case .fillColor: fillColor = model.pointee.fillColor
        case .fillRule: fillRule = model.pointee.fillRule
        case .strokeColor: strokeColor = model.pointee.strokeColor
        case .lineWidth: lineWidth = model.pointee.lineWidth
        case .lineJoin: lineJoin = model.pointee.lineJoin
        case .lineCap: lineCap = model.pointee.lineCap
        case .miterLimit: miterLimit = model.pointee.miterLimit
        case .lineDashPattern: lineDashPattern = model.pointee.lineDashPattern
        case .lineDashPhase: lineDashPhase = model.pointee.lineDashPhase
        case .strokeStart: strokeStart = model.pointee.strokeStart
        case .strokeEnd: strokeEnd = model.pointee.strokeEnd
        case .instanceCount: instanceCount = model.pointee.instanceCount
        case .instanceDelay: instanceDelay = model.pointee.instanceDelay
        case .instanceTransform: instanceTransform = model.pointee.instanceTransform
        case .instanceColor: instanceColor = model.pointee.instanceColor
        case .instanceRedOffset: instanceRedOffset = model.pointee.instanceRedOffset
        case .instanceGreenOffset: instanceGreenOffset = model.pointee.instanceGreenOffset
        case .instanceBlueOffset: instanceBlueOffset = model.pointee.instanceBlueOffset
        case .instanceAlphaOffset: instanceAlphaOffset = model.pointee.instanceAlphaOffset
        }
    }
}

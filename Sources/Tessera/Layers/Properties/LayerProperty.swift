/// A property of `CALayer` or one of its subclasses that Tessera models: the key of
/// the one table that describes each (``LayerPropertyDefinition``, ``LayerProperty/definition``),
/// from which key-path resolution, key-value coding, the evaluation's generic reads and writes
/// and the archive's keys all come. Adding a property is a case here, its stored value in
/// ``LayerProperties`` (with its default), its row in the table, its public accessor, and the
/// cases that the compiler then asks for in the exhaustive switches of the evaluation's hot path.
///
/// A case's name is the property's Core Animation name as key paths and archives spell it
/// (Objective-C's: `hidden` for `isHidden`); its raw value, its row in the table. The order is
/// the archive's: a layer writes its keys in it.
enum LayerProperty: Int, CaseIterable, Sendable {
    // CALayer
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, geometryFlipped
    case doubleSided
    case opacity, hidden, backgroundColor, cornerRadius, cornerCurve, maskedCorners, borderWidth, borderColor, masksToBounds
    case shadowColor, shadowOpacity, shadowRadius, shadowOffset, shadowPath
    case contents, contentsGravity, contentsRect, contentsCenter, contentsScale, minificationFilter, minificationFilterBias
    case magnificationFilter
    case filters, backgroundFilters, compositingFilter
    // CAShapeLayer
    case path, fillColor, fillRule, strokeColor, lineWidth, lineJoin, lineCap, miterLimit
    case lineDashPattern, lineDashPhase, strokeStart, strokeEnd
    // CAReplicatorLayer
    case instanceCount, instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    // CAGradientLayer
    case colors, locations, startPoint, endPoint, type
    // CABackdropLayer
    case groupName, scale
    // CAPortalLayer
    case hidesSourceLayer, matchesOpacity, matchesPosition, matchesTransform
    // CAEmitterLayer (its `scale` is a row shared with the backdrop; its cells are a row the
    // file formats read and write with their own table)
    case birthRate, lifetime, emitterPosition, emitterZPosition, emitterSize, emitterDepth
    case emitterShape, emitterMode, renderMode, preservesDepth, velocity, spin, seed, emitterCells
    // CATextLayer (`wrapped` is Swift's `isWrapped`)
    case string, font, fontSize, foregroundColor, wrapped, alignmentMode, truncationMode, allowsFontSubpixelQuantization
}

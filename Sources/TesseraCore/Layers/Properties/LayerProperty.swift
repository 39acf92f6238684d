/// A property of `CALayer` or one of its subclasses that Tessera models: the key of
/// the one table that describes each (``LayerPropertyDefinition``, ``LayerProperty/definition``),
/// from which key-path resolution, key-value coding, actions, the evaluation's generic reads and
/// writes, and both file formats (archives and CAML) all come.
///
/// # Adding a property
///
/// 1. A case here, in its class's group (the order archives write them in).
/// 2. Its stored value, whose initial value is Core Animation's default: in ``LayerProperties``
///    for a property most layers set; else out of line, in ``RareLayerProperties`` (or its
///    emitter's or text layer's part), with a forwarding accessor on ``LayerProperties`` beside
///    the others (RareLayerProperties.swift), so that copies of a layer's properties stay small.
/// 3. Its row in `define` (LayerPropertyTable.swift): its key path, the class that declares it
///    (a ``LayerKind``; see ``LayerClass`` for a new class), `notAnimatable:` or `discrete:`, and
///    `stored: .rare(\.name)` when it is out of line. Its value's type is
///    ``AnimatablePropertyValue`` if it animates. Archives and CAML then read and write it with no
///    change of theirs, by their spellings of its type (a `CodedValue`: `ArchivableProperty`, `CAMLSpelledValue`);
///    a type one of them cannot spell is named the first time that format is used.
/// 4. The cases the compiler then asks for (no switch over properties has a `default`):
///    ``LayerProperties/restore(_:from:)`` (AnimatedProperties.swift); in LayerKeyPath+Vector.swift,
///    `wholeVector` and `setWholeVector` (its vector; or listed with the properties that are not
///    vectors; an out-of-line vector joins their case that calls `rareVector`, and has its case
///    there, which lists the others); ``LayerKeyPath/TransformSlot`` (listed with the properties
///    that are not transforms, unless it is one).
/// 5. Its public accessor on its class (`open var` on `CALayer`, `CAShapeLayer`, …), forwarding
///    to `properties`, its doc comment giving Apple's default and whether it animates.
/// 6. The tests the suites then ask for: its default and another value in
///    `LayerPropertyTableTests.documented` when it animates (else the count of properties that do
///    not in `documentationCoversTheTable`, and a change in `outOfLineChanges` when it is out of
///    line), and a CAML spelling in `CAMLPropertyTableTests.layerSamples`.
/// 7. If it changes what is drawn: the drawing (Render/), with a golden.
///
/// A case's name is the property's Core Animation name as key paths and archives spell it
/// (Objective-C's: `hidden` for `isHidden`); its raw value, its row in the table. The order is
/// the archive's: a layer writes its keys in it.
package enum LayerProperty: Int, CaseIterable, Sendable {
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

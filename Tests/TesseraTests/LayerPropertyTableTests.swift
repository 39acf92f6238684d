import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCAAR
@testable import TesseraCore

/// The property table (``LayerProperty``) is consistent with what is derived from it: every
/// animatable property resolves as a key path by its names, has Core Animation's default on a new
/// layer, and survives an archive at another value; keys outside the table are still reported.
@Suite struct LayerPropertyTableTests {
    /// Core Animation's documented default of each animatable property, and another value.
    /// Every animatable property of the table must be here (``documentationCoversTheTable()``).
    static let documented: [LayerProperty: (default: AnimatableValue, other: AnimatableValue)] = {
        let identity = AnimatableValue.transform(CATransform3DIdentity)
        let moved = AnimatableValue.transform(CATransform3DMakeTranslation(3, 4, 0))
        let tint = AnimatableValue.color(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        let square = AnimatableValue.path(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).rasterPath)
        return [
            .bounds: (.rect(.zero), .rect(CGRect(x: 1, y: 2, width: 30, height: 40))),
            .contentsRect: (.rect(CGRect(x: 0, y: 0, width: 1, height: 1)), .rect(CGRect(x: 0.25, y: 0, width: 0.5, height: 1))),
            .contentsCenter: (.rect(CGRect(x: 0, y: 0, width: 1, height: 1)), .rect(CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))),
            .position: (.point(.zero), .point(CGPoint(x: 5, y: 6))),
            .zPosition: (.number(0), .number(2)),
            .anchorPoint: (.point(CGPoint(x: 0.5, y: 0.5)), .point(CGPoint(x: 0, y: 1))),
            .anchorPointZ: (.number(0), .number(3)),
            .transform: (identity, moved),
            .sublayerTransform: (identity, moved),
            .opacity: (.number(1), .number(0.5)),
            .hidden: (.bool(false), .bool(true)),
            .backgroundColor: (.color(nil), tint),
            .cornerRadius: (.number(0), .number(4)),
            .borderWidth: (.number(0), .number(2)),
            .borderColor: (.color(.black), tint),
            .masksToBounds: (.bool(false), .bool(true)),
            .shadowColor: (.color(.black), tint),
            .shadowOpacity: (.number(0), .number(0.25)),
            .shadowRadius: (.number(3), .number(6)),
            .shadowOffset: (.size(CGSize(width: 0, height: -3)), .size(CGSize(width: 2, height: 2))),
            .shadowPath: (.path(nil), square),
            .path: (.path(nil), square),
            .fillColor: (.color(.black), tint),
            .fillRule: (.string(CAShapeLayerFillRule.nonZero.rawValue), .string(CAShapeLayerFillRule.evenOdd.rawValue)),
            .strokeColor: (.color(nil), tint),
            .lineWidth: (.number(1), .number(2.5)),
            .lineJoin: (.string(CAShapeLayerLineJoin.miter.rawValue), .string(CAShapeLayerLineJoin.round.rawValue)),
            .lineCap: (.string(CAShapeLayerLineCap.butt.rawValue), .string(CAShapeLayerLineCap.square.rawValue)),
            .miterLimit: (.number(10), .number(4)),
            .lineDashPattern: (.numbers(nil), .numbers([4, 2])),
            .colors: (.colors(nil), .colors([Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0.5, blue: 1, alpha: 0.25)])),
            .locations: (.numbers(nil), .numbers([0, 0.3, 1])),
            .startPoint: (.point(CGPoint(x: 0.5, y: 0)), .point(CGPoint(x: 0, y: 0))),
            .endPoint: (.point(CGPoint(x: 0.5, y: 1)), .point(CGPoint(x: 1, y: 1))),
            .lineDashPhase: (.number(0), .number(1)),
            .strokeStart: (.number(0), .number(0.25)),
            .strokeEnd: (.number(1), .number(0.75)),
            .instanceCount: (.number(1), .number(3)),
            .instanceDelay: (.number(0), .number(0.25)),
            .instanceTransform: (identity, moved),
            .instanceColor: (.color(.white), tint),
            .instanceRedOffset: (.number(0), .number(-0.25)),
            .instanceGreenOffset: (.number(0), .number(-0.5)),
            .instanceBlueOffset: (.number(0), .number(0.5)),
            .instanceAlphaOffset: (.number(0), .number(-0.125)),
            .scale: (.number(1), .number(0.5)),
            .birthRate: (.number(1), .number(2)),
            .lifetime: (.number(1), .number(0.5)),
            .emitterPosition: (.point(.zero), .point(CGPoint(x: 5, y: 6))),
            .emitterZPosition: (.number(0), .number(3)),
            .emitterSize: (.size(.zero), .size(CGSize(width: 20, height: 10))),
            .emitterDepth: (.number(0), .number(4)),
            .velocity: (.number(1), .number(1.5)),
            .spin: (.number(1), .number(-1)),
            .fontSize: (.number(36), .number(18)),
            .foregroundColor: (.color(.white), tint),
        ]
    }()

    /// A new layer of the class that declares `owner`'s properties (its row of the registry).
    static func layer(declaring owner: LayerKind) -> CALayer {
        owner.layerClass.type.init()
    }

    static func animation(of property: LayerProperty) throws -> LayerPropertyDefinition.Animation {
        try #require(property.definition.animation, "\(property) is animatable")
    }

    static var animatable: [LayerProperty] {
        LayerProperty.allCases.filter { $0.definition.animation != nil }
    }

    @Test func rowsFollowTheCasesWithUniqueNames() {
        #expect(LayerProperty.table.map(\.property) == LayerProperty.allCases)
        let names = LayerProperty.table.flatMap { [$0.name] + $0.alternativeNames }
        #expect(Set(names).count == names.count)
        #expect(LayerProperty.hidden.definition.name == "hidden")
    }

    /// The name index (no dictionary) finds every property under each of its names, and nothing
    /// under another name; `animatable(named:)` only the animatable ones.
    @Test func namesFindTheirProperties() {
        for property in LayerProperty.allCases {
            for name in [property.name] + property.alternativeNames {
                #expect(LayerPropertyNames.property(named: name) == property, "\(name)")
                let animatable = property.definition.animation != nil
                #expect(LayerProperty.animatable(named: name) == (animatable ? property : nil), "\(name)")
            }
            #expect(property.nameIsAnimatable == (property.definition.animation != nil))
            #expect(property.definition.alternativeNames == property.alternativeNames)
        }
        for name in [
            "", "Position", "positio", "positionX", "isOpacity", "hidden.x", "transform.rotation", "é", String(repeating: "a", count: 300),
        ] {
            #expect(LayerPropertyNames.property(named: name) == nil, "\(name)")
            #expect(LayerProperty.animatable(named: name) == nil, "\(name)")
        }
        // A name made at run time (the same characters as the literal, other storage) finds its property too.
        let built = String(decoding: Array("strokeEnd".utf8), as: UTF8.self)
        #expect(LayerProperty.animatable(named: built) == .strokeEnd)
    }

    /// A row read from many threads at once, the first time, is the same row.
    @Test func rowsMadeOnFirstUseAgreeAcrossThreads() async {
        let names = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { LayerProperty.allCases.reversed().map { $0.definition.name } } }
            return await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        for list in names { #expect(list == LayerProperty.allCases.reversed().map(\.name)) }
    }

    /// The names written out in the table are the cases' names, as reflection spells them.
    @Test func namesAreTheCasesNames() {
        #expect(LayerProperty.allCases.map(\.name) == LayerProperty.allCases.map { String(describing: $0) })
        #expect(LayerProperty.table.map(\.name) == LayerProperty.allCases.map { String(describing: $0) })
    }

    /// A stored property of ``LayerProperties`` without a row would be missing from key paths
    /// and archives.
    @Test func everyStoredPropertyHasARow() {
        // The inline stored properties, those kept out of line (RareLayerProperties) and an
        // emitter's (its `cells` are the row `emitterCells`) and a text layer's (but an
        // attributed string's attributes).
        let inline = Mirror(reflecting: LayerProperties(kind: .layer)).children.compactMap(\.label)
            .filter { $0 != "kind" && $0 != "rare" && $0 != "textAttributesBox" }
        let rare = Mirror(reflecting: RareLayerProperties()).children.compactMap(\.label).filter { $0 != "emitter" && $0 != "text" }
        let emitter = Mirror(reflecting: EmitterLayerProperties()).children.compactMap(\.label).map { $0 == "cells" ? "emitterCells" : $0 }
        let text = Mirror(reflecting: TextLayerProperties()).children.compactMap(\.label)
        let stored = inline + rare + emitter + text
        let rowNames = LayerProperty.table.map { Set([$0.name] + $0.alternativeNames) }
        #expect(stored.count == LayerProperty.allCases.count)
        for label in stored {
            #expect(rowNames.contains { $0.contains(label) }, "\(label) has no row")
        }
    }

    @Test func documentationCoversTheTable() {
        #expect(Set(Self.documented.keys) == Set(Self.animatable))
        #expect(Self.animatable.count == LayerProperty.allCases.count - 31,
                "all but geometryFlipped, doubleSided, cornerCurve, maskedCorners, contents, contentsGravity, contentsScale, the contents filters and minificationFilterBias, the three filter lists, type, groupName, the portal's four flags and the emitter's shape, mode, renderMode, preservesDepth, seed and cells (animatable field by field), and the text layer's string, font, wrapped, alignmentMode, truncationMode and allowsFontSubpixelQuantization")
    }

    /// A change finds exactly the property it changed, whether stored in ``LayerProperties`` (compared
    /// where it lies) or out of line (compared where its row says it is stored in RareLayerProperties),
    /// and nothing when nothing changed.
    @Test(arguments: Array(documented.keys))
    func aChangeOfOnePropertyIsFoundAlone(_ property: LayerProperty) throws {
        let definition = property.definition
        let animation = try #require(definition.animation)
        var old = LayerProperties(kind: definition.owner)
        var new = old
        animation.set(try #require(Self.documented[property]).other, &new)
        let found = withUnsafePointer(to: &old) { old in withUnsafePointer(to: &new) { LayerProperty.changes(from: old, to: $0) } }
        #expect(found == [property])
        let none = withUnsafePointer(to: &old) { LayerProperty.changes(from: $0, to: $0) }
        #expect(none.isEmpty)
    }

    /// The properties that are not animatable and are kept out of line, each with a change of its
    /// value: each change is found alone, compared where the row says the value is stored.
    static let outOfLineChanges: [(LayerProperty, @Sendable (inout LayerProperties) -> Void)] = [
        (.contents, { $0.contents = LayerContents(try? LayerFilterTests.image()) }),
        (.contentsGravity, { $0.contentsGravity = .center }),
        (.contentsScale, { $0.contentsScale = 2 }),
        (.minificationFilter, { $0.minificationFilter = .nearest }),
        (.minificationFilterBias, { $0.minificationFilterBias = 1 }),
        (.magnificationFilter, { $0.magnificationFilter = .nearest }),
        (.filters, { $0.filters = [] }),
        (.backgroundFilters, { $0.backgroundFilters = [] }),
        (.type, { $0.type = .radial }),
        (.groupName, { $0.groupName = "group" }),
        (.hidesSourceLayer, { $0.hidesSourceLayer = true }),
        (.matchesOpacity, { $0.matchesOpacity = true }),
        (.matchesPosition, { $0.matchesPosition = true }),
        (.matchesTransform, { $0.matchesTransform = true }),
        (.emitterShape, { $0.emitterShape = .line }),
        (.emitterMode, { $0.emitterMode = .outline }),
        (.renderMode, { $0.renderMode = .additive }),
        (.preservesDepth, { $0.preservesDepth = true }),
        (.seed, { $0.seed = 7 }),
        (.emitterCells, { $0.emitterCells = [] }),
        (.font, { $0.font = "DejaVu Sans" }),
        (.wrapped, { $0.isWrapped = true }),
        (.alignmentMode, { $0.alignmentMode = .center }),
        (.truncationMode, { $0.truncationMode = .end }),
        (.allowsFontSubpixelQuantization, { $0.allowsFontSubpixelQuantization = true }),
    ]

    @Test(arguments: outOfLineChanges.indices)
    func aChangeOfOneOutOfLinePropertyIsFoundAlone(_ index: Int) {
        let (property, change) = Self.outOfLineChanges[index]
        #expect(property.definition.isOutOfLine && property.definition.animation == nil)
        var old = LayerProperties(kind: property.definition.owner)
        var new = old
        change(&new)
        let found = withUnsafePointer(to: &old) { old in withUnsafePointer(to: &new) { LayerProperty.changes(from: old, to: $0) } }
        #expect(found == [property])
    }

    /// The rows kept out of line are exactly the properties of ``RareLayerProperties`` (and its
    /// emitter's and text layer's): what a change of the model compares there, or skips when two
    /// sets share them.
    @Test func theRowsKeptOutOfLineAreTheRareProperties() {
        let inline = Set(Mirror(reflecting: LayerProperties(kind: .layer)).children.compactMap(\.label))
        for definition in LayerProperty.table {
            let names = [definition.name] + definition.alternativeNames
            #expect(definition.isOutOfLine == !names.contains(where: inline.contains), "\(definition.name)")
        }
    }

    @Test func aChangeOfTheTextIsFound() {
        var old = LayerProperties(kind: .text)
        var new = old
        new.string = "changed"
        new.opacity = 0.5
        let found = withUnsafePointer(to: &old) { old in withUnsafePointer(to: &new) { LayerProperty.changes(from: old, to: $0) } }
        #expect(found == [.opacity, .string])
    }

    @Test(arguments: LayerProperty.allCases)
    func resolvesAsAKeyPathByEachOfItsNames(_ property: LayerProperty) throws {
        let definition = property.definition
        for name in [definition.name] + definition.alternativeNames {
            guard let animation = definition.animation else {
                #expect(LayerKeyPath(name) == nil, "\(name) is not animatable")
                continue
            }
            let keyPath = try #require(LayerKeyPath(name), "\(name)")
            #expect(keyPath.property == property && keyPath.field == .whole)
            #expect(keyPath.kind == animation.kind && keyPath.isDiscrete == animation.isDiscrete)
        }
    }

    @Test(arguments: LayerPropertyTableTests.animatable)
    func hasTheDocumentedDefaultOnANewLayer(_ property: LayerProperty) throws {
        let documented = try #require(Self.documented[property])
        let layer = Self.layer(declaring: property.definition.owner)
        #expect(try Self.animation(of: property).value(layer.properties) == documented.default)
        #expect(LayerKeyPath(whole: property)?.value(in: layer.properties) == documented.default)
    }

    /// The evaluation's switches (``LayerKeyPath/wholeVector(_:in:)``,
    /// ``LayerKeyPath/setWholeVector(_:_:in:)``, ``LayerProperties/restore(_:from:)``) agree with
    /// the table.
    @Test(arguments: LayerPropertyTableTests.animatable)
    func hotPathSwitchesAgreeWithTheTable(_ property: LayerProperty) throws {
        let documented = try #require(Self.documented[property])
        let animation = try Self.animation(of: property)
        let model = Self.layer(declaring: property.definition.owner).properties
        var changed = model
        animation.set(documented.other, &changed)
        #expect(changed != model)

        if let vector = documented.other.vector {
            #expect(LayerKeyPath.wholeVector(property, in: &changed) == vector)
            var written = model
            LayerKeyPath.setWholeVector(property, vector, in: &written)
            #expect(written == changed)
        } else {
            #expect(LayerKeyPath.wholeVector(property, in: &changed) == .zero, "not a vector")
        }
        withUnsafePointer(to: model) { changed.restore(property, from: $0) }
        #expect(changed == model)
    }

    @Test func notAnimatablePropertiesHaveTheirDefaults() {
        let layer = CALayer()
        #expect(layer.isGeometryFlipped == false)
        #expect(layer.cornerCurve == .circular)
        #expect(layer.contents == nil && layer.contentsGravity == .resize && layer.contentsScale == 1)
        #expect(layer.minificationFilter == .linear && layer.magnificationFilter == .linear)
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
    }

    @Test(arguments: LayerPropertyTableTests.animatable)
    func roundTripsThroughAnArchiveAtAnotherValue(_ property: LayerProperty) throws {
        let documented = try #require(Self.documented[property])
        let layer = Self.layer(declaring: property.definition.owner)
        layer.setValue(documented.other.anyValue, forKey: property.definition.name)
        #expect(layer.diagnostics.isEmpty)
        let animation = try Self.animation(of: property)
        #expect(animation.value(layer.properties) == documented.other)

        let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: layer).archiveData())
        #expect(loaded.skipped.isEmpty)
        #expect(type(of: loaded.rootLayer) == type(of: layer))
        #expect(animation.value(loaded.rootLayer.properties) == documented.other)
        #expect(loaded.rootLayer.properties == layer.properties)
    }

    @Test func notAnimatablePropertiesRoundTripAndRestore() throws {
        let layer = CALayer()
        layer.isGeometryFlipped = true
        layer.maskedCorners = [.layerMaxXMaxYCorner]
        layer.cornerCurve = .continuous
        let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: layer).archiveData())
        #expect(loaded.skipped.isEmpty)
        #expect(loaded.rootLayer.isGeometryFlipped && loaded.rootLayer.maskedCorners == [.layerMaxXMaxYCorner])
        #expect(loaded.rootLayer.cornerCurve == .continuous)

        var restored = layer.properties
        let model = CALayer().properties
        withUnsafePointer(to: model) {
            restored.restore(.geometryFlipped, from: $0)
            restored.restore(.maskedCorners, from: $0)
            restored.restore(.cornerCurve, from: $0)
        }
        #expect(restored == model)
    }

    /// An archive lists a layer's keys in the table's order, after the name, with the timing
    /// between `CALayer`'s properties and the subclasses'.
    @Test func archiveKeysFollowTheTable() {
        let keys = ArchivedProperty.tables.layer.all.map(\.key)
        // Without the rows the file formats hold as structure (an emitter's cells).
        let tableKeys = LayerProperty.table.filter { $0.keyPath != nil }.map(\.name)
        #expect(keys.filter(tableKeys.contains) == tableKeys)
        #expect(keys.first == "name" && keys.firstIndex(of: "beginTime")! > keys.firstIndex(of: "shadowPath")!)
        #expect(keys.firstIndex(of: "fillMode")! < keys.firstIndex(of: "path")!)
    }

    /// No key of the table is among those an archive ignores or accepts at harmless values.
    @Test func tableKeysAreNotIgnored() {
        let format = CoreAnimationCoding.self
        let unmodelled = format.ignoredLayerKeys.union(format.layerKeysHarmlessWhenTrue)
        #expect(unmodelled.isDisjoint(with: LayerProperty.table.map(\.name)))
    }

    @Test func keysOutsideTheTableOrTheClassAreReportedAsSkipped() throws {
        var b = ArchiveTests.Builder()
        let root = try b.object(ArchiveTests.Builder.layer, [
            ("name", .string("Root")), ("cornerRadius", .real(4)), ("hitTestsAsOpaque", .bool(true)),
            ("lineWidth", .real(3)), ("instanceCount", .integer(2)),
        ])
        let archive = try SceneDocument(archiveData: try b.document(root))
        #expect(archive.rootLayer.cornerRadius == 4)
        #expect(archive.skipped == [
            SkippedFeature(layer: "Root", className: "CALayer", key: "hitTestsAsOpaque", reason: .unsupportedKey),
            SkippedFeature(layer: "Root", className: "CALayer", key: "lineWidth", reason: .unsupportedKey),
            SkippedFeature(layer: "Root", className: "CALayer", key: "instanceCount", reason: .unsupportedKey),
        ])
    }
}

/// `cornerCurve` in archives: the string Core Animation writes, and the boolean
/// `continuousCorners` of older files (the newer key wins when both are there).
@Suite struct CornerCurveArchiveTests {
    typealias Builder = ArchiveTests.Builder

    static func load(_ fields: [(String, ArchiveFieldValue)]) throws -> SceneDocument {
        var b = Builder()
        let root = try b.object(Builder.layer, [("name", .string("Root"))] + fields)
        return try SceneDocument(archiveData: try b.document(root))
    }

    @Test func theStringAndTheOlderBoolean() throws {
        #expect(try Self.load([("cornerCurve", .string("continuous"))]).rootLayer.cornerCurve == .continuous)
        #expect(try Self.load([("continuousCorners", .bool(true))]).rootLayer.cornerCurve == .continuous)
        #expect(try Self.load([("continuousCorners", .bool(false))]).rootLayer.cornerCurve == .circular)
        let both = try Self.load([("continuousCorners", .bool(true)), ("cornerCurve", .string("circular"))])
        #expect(both.rootLayer.cornerCurve == .circular && both.skipped.isEmpty)
        let unknown = try Self.load([("cornerCurve", .string("squircle"))])
        #expect(unknown.rootLayer.cornerCurve == .circular && unknown.skipped.count == 1)
    }
}

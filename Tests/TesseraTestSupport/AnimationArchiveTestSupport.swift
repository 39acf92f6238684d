import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

extension ArchiveTests {
    /// A fixture of `Fixtures/` loaded as an animation archive.
    package static func fixtureArchive(_ name: String) throws -> SceneDocument {
        try SceneDocument(archiveData: Data(try fixtureBytes(name)))
    }

    /// The first layer named `name` in `layer`'s tree (depth first).
    package static func findLayer(named name: String, in layer: CALayer) -> CALayer? {
        if layer.name == name { return layer }
        for sublayer in layer.sublayers ?? [] {
            if let found = findLayer(named: name, in: sublayer) { return found }
        }
        return nil
    }

    /// The elements of a path as (CGPathElementType raw value, points).
    package static func elements(of path: CGPath?) -> [(type: Int32, points: [CGPoint])] {
        var elements: [(type: Int32, points: [CGPoint])] = []
        path?.applyWithBlock { element in
            let count = [1, 1, 2, 3, 0][Int(element.pointee.type.rawValue)]
            elements.append((element.pointee.type.rawValue, (0..<count).map { element.pointee.points[$0] }))
        }
        return elements
    }

    /// Every value of a layer tree, one line per layer and animation: class, name, model
    /// properties, timing, animations by key with all their values, sublayers and mask. Two trees
    /// with equal descriptions are the same tree to Tessera.
    package static func treeDescription(_ layer: CALayer, depth: Int = 0) -> [String] {
        let indent = String(repeating: "  ", count: depth)
        var lines = ["\(indent)\(type(of: layer)) \(layer.name ?? "-") \(layer.properties)",
                     "\(indent)  timing \(timingDescription(layer))"]
        for key in layer.animationKeys() ?? [] {
            lines.append("\(indent)  animation \(key): \(describe(layer.animation(forKey: key)))")
        }
        for sublayer in layer.sublayers ?? [] { lines += treeDescription(sublayer, depth: depth + 1) }
        if let mask = layer.mask { lines += ["\(indent)  mask:"] + treeDescription(mask, depth: depth + 2) }
        return lines
    }

    private static func timingDescription(_ t: some CAMediaTiming) -> String {
        "begin \(t.beginTime) duration \(t.duration) speed \(t.speed) offset \(t.timeOffset) repeat \(t.repeatCount)"
            + " repeatDuration \(t.repeatDuration) autoreverses \(t.autoreverses) fill \(t.fillMode.rawValue)"
    }

    /// A value as Tessera compares it: numbers of any type as `Double`s, colors as RGBA
    /// components, paths as elements, timing functions as control points, collections element
    /// by element, animations with every property.
    package static func describe(_ any: Any?) -> String {
        guard let any else { return "nil" }
        if type(of: any) is NSNumber.Type, let number = any as? NSNumber { return "\(number.doubleValue)" }
        switch any {
        case let flag as Bool: return flag ? "1.0" : "0.0"
        case let integer as any BinaryInteger: return "\(Double(integer))"
        case let real as any BinaryFloatingPoint: return "\(Double(real))"
        case let string as String: return string.debugDescription
        case let color as CGColor:
            let c = color.components ?? []
            return "rgba\(c.count == 2 ? [c[0], c[0], c[0], c[1]] : c)"
        case let path as CGPath: return "path\(elements(of: path).map { "\($0.type)\($0.points)" })"
        case let function as CAMediaTimingFunction:
            var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
            function.getControlPoint(at: 1, values: &c1)
            function.getControlPoint(at: 2, values: &c2)
            return "timing\(c1 + c2)"
        case let animation as CAAnimation: return animationDescription(animation)
        case let array as [Any]: return "[" + array.map(describe).joined(separator: ", ") + "]"
        case let dictionary as [String: Any]:
            return "[" + dictionary.keys.sorted().map { "\($0): \(describe(dictionary[$0]))" }.joined(separator: ", ") + "]"
        default: return "\(type(of: any))(\(any))"
        }
    }

    private static func animationDescription(_ a: CAAnimation) -> String {
        var parts = ["\(type(of: a))", timingDescription(a), "removed \(a.isRemovedOnCompletion)",
                     "function \(describe(a.timingFunction))"]
        if let p = a as? CAPropertyAnimation {
            parts.append("keyPath \(p.keyPath ?? "nil") additive \(p.isAdditive) cumulative \(p.isCumulative)"
                + " valueFunction \(p.valueFunction?.name.rawValue ?? "nil")")
        }
        if let b = a as? CABasicAnimation {
            parts.append("from \(describe(b.fromValue)) to \(describe(b.toValue)) by \(describe(b.byValue))")
        }
        if let s = a as? CASpringAnimation {
            parts.append("spring \(s.mass) \(s.stiffness) \(s.damping) \(s.initialVelocity) \(s.allowsOverdamping)")
        }
        if let k = a as? CAKeyframeAnimation {
            parts.append("values \(describe(k.values)) path \(describe(k.path)) keyTimes \(describe(k.keyTimes))"
                + " functions \(describe(k.timingFunctions)) mode \(k.calculationMode.rawValue)"
                + " tension \(describe(k.tensionValues)) continuity \(describe(k.continuityValues))"
                + " bias \(describe(k.biasValues)) rotation \(k.rotationMode?.rawValue ?? "nil")")
        }
        if let g = a as? CAAnimationGroup { parts.append("animations \(describe(g.animations))") }
        return parts.joined(separator: "; ")
    }

    /// Whether two presentation trees hold the same values.
    package static func sameSnapshots(_ a: LayerSnapshot, _ b: LayerSnapshot) -> Bool {
        guard a.properties == b.properties, a.name == b.name, a.localTime == b.localTime,
              a.sublayers.count == b.sublayers.count, (a.mask == nil) == (b.mask == nil) else { return false }
        if let maskA = a.mask, let maskB = b.mask, !sameSnapshots(maskA, maskB) { return false }
        return zip(a.sublayers, b.sublayers).allSatisfy { sameSnapshots($0, $1) }
    }

    /// The skipped entries of an archive, as their descriptions.
    package static func skippedDescriptions(_ archive: SceneDocument) -> [String] {
        archive.skipped.map(\.description)
    }
}

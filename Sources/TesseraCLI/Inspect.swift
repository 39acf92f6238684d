import ArgumentParser
import Foundation
import Tessera

/// `tessera inspect FILE.caar`: the archive's document, its layer tree with the properties that
/// differ from a new layer's and the animations, and what loading left out, most severe first;
/// `--json` prints the same for tools. A Lottie animation adds its frames, frame rate and markers.
struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect", abstract: "Print a Core Animation Archive's or Lottie animation's layer tree, animations and skipped parts."
    )

    @Argument(help: "A .caar, .caml, .ca bundle, .tendies file or wallpaper folder, a Lottie animation (.json), or a demo scene.")
    var file: String

    @Option(
        help:
            """
            The .ca bundle to inspect inside a .tendies file: a wallpaper's Background, Floating or Foreground, or any unique part of its \
            path.
            """
    )
    var bundle: String?

    @Flag(help: "Print JSON: the document, the tree with its animations, and the skipped items.")
    var json = false

    func run() throws {
        try reportingFailures {
            // A wallpaper without --bundle: its parts, screen, states and what is not rendered.
            if bundle == nil, let wallpaper = try SceneSource.wallpaper(file) {
                print(json ? InspectWallpaper.json(wallpaper, file: file) : InspectWallpaper.text(wallpaper))
                return
            }
            // Another .tendies file without --bundle: the bundles it holds.
            if bundle == nil, SceneFileKind(of: file) == .tendies {
                do {
                    let tendies = try TendiesArchive(contentsOf: URL(fileURLWithPath: file))
                    print(json ? InspectJSON.bundles(tendies.bundles) : tendies.bundles.joined(separator: "\n"))
                    return
                } catch {
                    throw CommandFailure(.dataError, "\(file): \(error)")
                }
            }
            let source = try SceneSource(file, options: SceneOptions(bundle: bundle))
            let skipped = SkippedFeature.sortedBySeverity(source.skipped)
            if json {
                print(InspectJSON.document(source, skipped: skipped))
                return
            }
            let size = "\(Int(source.size.width))×\(Int(source.size.height))"
            let flipped = source.archive.map { $0.isGeometryFlipped ? ", geometry flipped" : ", geometry not flipped" } ?? ""
            print("document: \(size)\(flipped); animations: \(String(format: "%g", source.defaultDuration.seconds)) s")
            if let lottie = source.lottie { LottieSource.summary(lottie).forEach { print($0) } }
            var stack: [(CALayer, Int)] = [(source.root, 0)]
            while let (layer, depth) = stack.popLast() {
                let indent = String(repeating: "  ", count: depth)
                print("\(indent)\(type(of: layer)) \"\(layer.name ?? "")\"  \(LayerDescription.properties(of: layer))")
                if let cells = (layer as? CAEmitterLayer)?.emitterCells, !cells.isEmpty {
                    print("\(indent)  ✦ cells: \(LayerDescription.cells(cells))")
                }
                for key in layer.animationKeys() ?? [] {
                    guard let animation = layer.animation(forKey: key) else { continue }
                    print("\(indent)  ▸ \(key): \(LayerDescription.animation(animation))")
                }
                if let mask = layer.mask { stack.append((mask, depth + 1)) }
                for sublayer in (layer.sublayers ?? []).reversed() { stack.append((sublayer, depth + 1)) }
            }
            if let states = source.archive?.states, !states.names.isEmpty {
                print(
                    "states: "
                        + states.states.map { state in
                            state.basedOn.map { "\(state.name) (based on \($0))" } ?? state.name
                        }.joined(separator: ", "))
                for state in states.states where !state.animations.isEmpty {
                    let added = state.animations.map { "\($0.key) on \($0.targetID)" }.joined(separator: ", ")
                    print("  state \(state.name) adds: \(added)")
                }
                for transition in states.transitions {
                    let keys = transition.elements.map { "\($0.key) of \($0.targetID)" }.joined(separator: ", ")
                    print("  transition \(transition.fromState) → \(transition.toState): \(keys)")
                }
            }
            print(skipped.isEmpty ? "skipped: nothing" : "skipped (\(SkippedFeature.summary(of: skipped)!)):")
            for item in skipped { print("  [\(item.severity)] \(item)") }
        }
    }
}

/// Short descriptions of layers and animations for `inspect`.
enum LayerDescription {
    /// The properties that differ from a new layer's of the same class, as `key=value`.
    static func properties(of layer: CALayer) -> String {
        propertyList(of: layer).map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// The properties that differ from a new layer's of the same class, in a fixed order.
    static func propertyList(of layer: CALayer) -> [(key: String, value: String)] {
        let fresh = type(of: layer).init()
        let keys = [
            "bounds", "position", "anchorPoint", "transform", "sublayerTransform", "opacity", "isHidden",
            "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds", "isGeometryFlipped",
            "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "lineDashPattern",
            "strokeStart", "strokeEnd", "instanceCount", "instanceDelay", "instanceTransform", "speed", "timeOffset",
            "beginTime",
        ]
        var parts: [(key: String, value: String)] = []
        for key in keys {
            let value = describe(layer.value(forKeyPath: keyPath(key)) ?? timing(layer, key))
            guard value != describe(fresh.value(forKeyPath: keyPath(key)) ?? timing(fresh, key)) else { continue }
            parts.append((key, value))
        }
        return parts
    }

    /// Key-value names of the Swift property names that differ.
    private static func keyPath(_ key: String) -> String {
        switch key {
        case "isHidden": return "hidden"
        case "isGeometryFlipped": return "geometryFlipped"
        default: return key
        }
    }

    private static func timing(_ layer: CALayer, _ key: String) -> Any? {
        switch key {
        case "speed": return layer.speed
        case "timeOffset": return layer.timeOffset
        case "beginTime": return layer.beginTime
        case "isGeometryFlipped": return layer.isGeometryFlipped
        default: return nil
        }
    }

    static func animation(_ animation: CAAnimation) -> String {
        var parts = ["\(type(of: animation))"]
        if let property = animation as? CAPropertyAnimation, let path = property.keyPath { parts.append("keyPath=\(path)") }
        if let function = (animation as? CAPropertyAnimation)?.valueFunction { parts.append("valueFunction=\(function.name.rawValue)") }
        if let basic = animation as? CABasicAnimation {
            if let from = basic.fromValue { parts.append("from=\(describe(from))") }
            if let to = basic.toValue { parts.append("to=\(describe(to))") }
            if let by = basic.byValue { parts.append("by=\(describe(by))") }
        }
        if let keyframes = animation as? CAKeyframeAnimation, let values = keyframes.values {
            parts.append("values=\(values.count)")
        }
        if let group = animation as? CAAnimationGroup { parts.append("animations=\(group.animations?.count ?? 0)") }
        parts.append("beginTime=\(animation.beginTime) duration=\(animation.duration)")
        if animation.repeatCount != 0 { parts.append("repeatCount=\(animation.repeatCount)") }
        if animation.autoreverses { parts.append("autoreverses") }
        if animation.fillMode != .removed { parts.append("fillMode=\(animation.fillMode.rawValue)") }
        if !animation.isRemovedOnCompletion { parts.append("kept") }
        return parts.joined(separator: " ")
    }

    /// An emitter's cells: each by name with its rate, lifetime and image size, its own cells
    /// in brackets.
    static func cells(_ cells: [CAEmitterCell]) -> String {
        cells.map { cell in
            var parts = ["birthRate=\(cell.birthRate)", "lifetime=\(cell.lifetime)"]
            if let image = cell.contents as? CGImage { parts.append("image=\(image.width)×\(image.height)") }
            let nested = cell.emitterCells.map { $0.isEmpty ? "" : " [\(Self.cells($0))]" } ?? ""
            return "\(cell.name ?? "-") (\(parts.joined(separator: " ")))\(nested)"
        }.joined(separator: ", ")
    }

    static func describe(_ value: Any?) -> String {
        switch value {
        case nil: return "nil"
        case let color as CGColor:
            return "rgba(" + (color.components ?? []).map { String(format: "%.3g", Double($0)) }.joined(separator: ",") + ")"
        case let path as CGPath:
            return "path(\(path.boundingBox.width.rounded())×\(path.boundingBox.height.rounded()))"
        case let rect as CGRect: return "(\(rect.origin.x),\(rect.origin.y),\(rect.width),\(rect.height))"
        case let point as CGPoint: return "(\(point.x),\(point.y))"
        case let t as CATransform3D: return CATransform3DIsIdentity(t) ? "identity" : "matrix"
        default: return "\(value!)"
        }
    }
}

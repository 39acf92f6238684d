import Foundation
import Tessera

/// `tessera inspect --json`: the document, the layer tree (class, name, the properties that
/// differ from a new layer's, animations, mask, sublayers) and the skipped items (with the line
/// and column of a CAML document's), as one JSON object with sorted keys.
enum InspectJSON {
    static func document(_ source: SceneSource, skipped: [SkippedFeature]) -> String {
        var document: [String: Any] = [
            "file": source.displayName,
            "size": ["width": Double(source.size.width), "height": Double(source.size.height)],
            "animationLength": source.defaultDuration.seconds,
            "root": layer(source.root),
            "skipped": skipped.map(item),
        ]
        if let archive = source.archive { document["geometryFlipped"] = archive.isGeometryFlipped }
        if let length = source.length { document["animationLengthUncapped"] = length.natural }
        if let lottie = source.lottie {
            var object: [String: Any] = [
                "frameRate": lottie.frameRate, "inPoint": lottie.frames.lowerBound, "outPoint": lottie.frames.upperBound,
                "markers": lottie.markers.map { ["name": $0.name, "time": $0.time, "duration": $0.duration] },
            ]
            if let version = lottie.version { object["version"] = version }
            document["lottie"] = object
        }
        let data = try! JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// The bundles of a `.tendies` file, as `{"bundles": [...]}`.
    static func bundles(_ bundles: [String]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: ["bundles": bundles], options: [.prettyPrinted, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    private static func layer(_ layer: CALayer) -> [String: Any] {
        var object: [String: Any] = [
            "class": "\(type(of: layer))",
            "properties": LayerDescription.propertyList(of: layer).reduce(into: [String: String]()) { $0[$1.key] = $1.value },
            "animations": (layer.animationKeys() ?? []).compactMap { key in
                layer.animation(forKey: key).map { animation(key, $0) }
            },
            "sublayers": (layer.sublayers ?? []).map(Self.layer),
        ]
        if let name = layer.name { object["name"] = name }
        if let mask = layer.mask { object["mask"] = Self.layer(mask) }
        return object
    }

    private static func animation(_ key: String, _ animation: CAAnimation) -> [String: Any] {
        var object: [String: Any] = [
            "key": key, "class": "\(type(of: animation))", "beginTime": animation.beginTime,
            "duration": animation.duration, "speed": Double(animation.speed), "timeOffset": animation.timeOffset,
            "repeatCount": number(Double(animation.repeatCount)), "repeatDuration": animation.repeatDuration,
            "autoreverses": animation.autoreverses, "fillMode": animation.fillMode.rawValue,
            "removedOnCompletion": animation.isRemovedOnCompletion,
        ]
        if let property = animation as? CAPropertyAnimation, let path = property.keyPath { object["keyPath"] = path }
        if let group = animation as? CAAnimationGroup {
            object["animations"] = (group.animations ?? []).enumerated().map { Self.animation("\($0.offset)", $0.element) }
        }
        return object
    }

    /// JSON has no infinity: an endless repeat count is written as the string "infinity".
    private static func number(_ value: Double) -> Any {
        value.isFinite ? value : (value > 0 ? "infinity" : "-infinity")
    }

    private static func item(_ item: SkippedFeature) -> [String: Any] {
        var object: [String: Any] = [
            "layer": item.layer, "class": item.className, "kind": item.kind,
            "severity": "\(item.severity)", "description": item.description,
        ]
        if let key = item.key { object["key"] = key }
        if let location = item.location { object["line"] = location.line; object["column"] = location.column }   // CAML only
        return object
    }
}

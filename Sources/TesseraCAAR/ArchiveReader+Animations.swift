import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

extension ArchiveReader {
    /// Adds the animations of `object` (`CALayerAnimations`, under the parallel
    /// `CALayerAnimationKeys`) to `layer`, reporting those it leaves out and those the layer does
    /// not take (its diagnostics).
    ///
    /// Animations are added as Core Animation adds them when it unarchives a layer: a `beginTime`
    /// of 0 is the time of loading, which is why exporters write 1e-6 for "the start".
    mutating func animations(of object: ArchivedObject, into layer: CALayer, path: String, depth: Int) throws {
        let (animations, keys) = try Self.locating("\(path): \(Format.animationsKey)") {
            let animations = try reader.elements(object.value(forKey: Format.animationsKey) ?? .null) ?? []
            var keys: [String] = []
            for key in try reader.elements(object.value(forKey: Format.animationKeysKey) ?? .null) ?? [] {
                keys.append(try reader.string(key))
            }
            guard keys.isEmpty || keys.count == animations.count else {
                throw ArchiveDecodingFailure.malformed("\(animations.count) animations and \(keys.count) keys")
            }
            return (animations, keys)
        }
        for (index, element) in animations.enumerated() {
            let slot = "\(Format.animationsKey)[\(index)]"
            guard let animation = try animation(element, path: path, slot: slot, depth: depth + 1) else { continue }
            let before = layer.diagnostics.count
            layer.add(animation, forKey: keys.isEmpty ? nil : keys[index])
            for message in layer.diagnostics.dropFirst(before) {
                skip(path, element.objectValue?.className ?? "", slot, .animationNotApplied(message))
            }
        }
    }

    /// The animation of `value`, which fills `slot` of the layer at `path`; nil when it is left
    /// out (a class Tessera does not model, or values it cannot use).
    private mutating func animation(_ value: ArchivedValue, path: String, slot: String, depth: Int) throws -> CAAnimation? {
        guard let object = value.objectValue, object.isKind(of: Format.animationBaseClass) else {
            throw ArchiveDecodingFailure.malformed("\(path): \(slot) is \(value.typeName), not an animation")
        }
        try ArchivedValueReader.check(depth: depth)
        try reader.visit()
        guard let (animation, modelClass) = Self.makeAnimation(for: object) else {
            skip(path, object.className, slot, .unsupportedClass)
            return nil
        }
        if modelClass.name != object.className {
            skip(path, object.className, slot, .approximated("loaded as \(modelClass.name)"))
        }
        for key in object.keys where !Format.ignoredAnimationKeys.contains(key) {
            let keyPath = "\(slot).\(key)"
            if key == Format.groupAnimationsKey, let group = animation as? CAAnimationGroup {
                group.animations = try children(of: object, path: path, keyPath: keyPath, depth: depth)
                continue
            }
            let kept = try Self.locating("\(path): \(keyPath)") { () throws -> Bool in
                let value = try object.value(forKey: key) ?? .null
                guard let property = ArchivedProperty.tables.animation.byKey[key] else {
                    skip(path, object.className, keyPath, .unsupportedKey)
                    return true
                }
                do {
                    if try !property.decode(value, animation, &reader, depth + 1) {
                        skip(path, object.className, keyPath, .unsupportedKey)
                    }
                    return true
                } catch ArchiveDecodingFailure.unsupported(let className, let reason) {
                    skip(path, className ?? object.className, keyPath, reason)
                    return !property.isEssential
                }
            }
            guard kept else {
                skip(path, object.className, slot, .animationNotApplied("its \(key) is not supported"))
                return nil
            }
        }
        return animation
    }

    /// The animations of a group (nil for nil), without those left out.
    private mutating func children(of group: ArchivedObject, path: String, keyPath: String, depth: Int) throws -> [CAAnimation]? {
        guard
            let elements = try Self.locating(
                "\(path): \(keyPath)",
                {
                    try reader.elements(group.value(forKey: Format.groupAnimationsKey) ?? .null)
                })
        else { return nil }
        var children: [CAAnimation] = []
        for (index, element) in elements.enumerated() {
            if let child = try animation(element, path: path, slot: "\(keyPath)[\(index)]", depth: depth + 1) {
                children.append(child)
            }
        }
        return children
    }

    /// A new animation of the most derived class of `object`'s hierarchy that Tessera models; nil
    /// when there is none (`CATransition`, a bare `CAPropertyAnimation`).
    private static func makeAnimation(for object: ArchivedObject) -> (CAAnimation, ArchiveClass)? {
        if object.isKind(of: Format.springAnimationClass.name) { return (CASpringAnimation(), Format.springAnimationClass) }
        if object.isKind(of: Format.basicAnimationClass.name) { return (CABasicAnimation(), Format.basicAnimationClass) }
        if object.isKind(of: Format.keyframeAnimationClass.name) { return (CAKeyframeAnimation(), Format.keyframeAnimationClass) }
        if object.isKind(of: Format.animationGroupClass.name) { return (CAAnimationGroup(), Format.animationGroupClass) }
        return nil
    }
}

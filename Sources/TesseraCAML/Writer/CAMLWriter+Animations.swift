import TesseraCore
import TesseraDocument

extension CAMLWriter {
    /// `<animation type="CLASS" …>`: the properties of `CodedProperties.animation` that
    /// differ from a new animation's, and a group's members in its `<animations>`. `slot` names
    /// the animation in errors (its key, or its place in a transition).
    mutating func animation(
        _ animation: CAAnimation, path: String, slot: String, depth: Int = 0
    ) throws(SceneDocumentError) -> CAMLWrittenElement {
        guard let (writtenClass, defaults) = Format.writtenClass(of: animation) else {
            throw Self.failure(path, slot, CAMLWriteFailure("an animation of class \(type(of: animation))"))
        }
        guard depth <= Format.maximumDepth else {
            throw Self.failure(path, slot, CAMLWriteFailure("animation groups nested more than \(Format.maximumDepth) deep"))
        }
        var element = CAMLWrittenElement(name: CAMLFormat.animationElement, attributes: [(CAMLFormat.typeAttribute, writtenClass.name)])
        try add(CAMLProperty.tables.animation.all, of: animation, defaults: defaults, to: &element, path: path, slot: slot)
        if let members = (animation as? CAAnimationGroup)?.animations {
            var holder = CAMLWrittenElement(name: Format.groupAnimationsKey)
            for (index, member) in members.enumerated() {
                holder.children.append(try self.animation(member, path: path, slot: "\(slot).animations[\(index)]", depth: depth + 1))
            }
            element.children.append(holder)
        }
        return element
    }
}

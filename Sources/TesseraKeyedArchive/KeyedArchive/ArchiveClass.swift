/// A class as a keyed archive describes it: its name and its superclasses (`$classname`,
/// `$classes`).
package struct ArchiveClass: Sendable, Hashable {
    /// `$classname`.
    package let name: String
    /// `$classes`: the class, then its superclasses up to the root class.
    package let hierarchy: [String]

    /// The class `name`, subclass of `superclasses` (nearest first).
    package init(_ name: String, superclasses: [String] = ["NSObject"]) {
        self.name = name
        hierarchy = [name] + superclasses
    }

    /// `NSArray`, the class ``KeyedArchiveWriter/addArray(_:class:)`` writes by default.
    package static let array = ArchiveClass("NSArray")
    /// `NSMutableArray`, the class of Core Animation's archived arrays.
    package static let mutableArray = ArchiveClass("NSMutableArray", superclasses: ["NSArray", "NSObject"])
    /// `NSDictionary`, the class ``KeyedArchiveWriter/addDictionary(_:class:)`` writes by default.
    package static let dictionary = ArchiveClass("NSDictionary")
    /// `NSMutableDictionary`.
    package static let mutableDictionary = ArchiveClass(
        "NSMutableDictionary", superclasses: ["NSDictionary", "NSObject"])
}

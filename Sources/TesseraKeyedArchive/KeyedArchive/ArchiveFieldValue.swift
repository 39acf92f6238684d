/// An object added to a ``KeyedArchiveWriter``: what fields, elements and `$top` entries refer to.
///
/// A reference belongs to the writer that made it; passing the same reference several times
/// shares the object (it is written once).
package struct ArchiveReference: Hashable, Sendable {
    /// The object's index in `$objects`.
    let index: Int
}

/// A value given to a ``KeyedArchiveWriter``, written the way NSKeyedArchiver writes it.
package enum ArchiveFieldValue: Sendable, Equatable {
    /// nil: reference 0.
    case null
    /// Written inline, as `encodeBool(_:forKey:)` does.
    case bool(Bool)
    /// Written inline, as `encode(_: Int64, forKey:)` does.
    case integer(Int64)
    /// Written inline, as `encode(_: Double, forKey:)` does.
    case real(Double)
    /// Written as a string object and referred to, as `encode(_: NSString, forKey:)` does.
    case string(String)
    /// Written as a data object and referred to, as `encode(_: NSData, forKey:)` does.
    case data([UInt8])
    /// An object added to the writer.
    case reference(ArchiveReference)
}

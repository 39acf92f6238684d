/// A scalar property list value compared exactly, for writing equal scalars once.
///
/// Exact means by bits and bytes: `-0.0` and `0.0` are different reals, and canonically equivalent
/// strings ("é" precomposed or not), which Swift's `String` calls equal, are different strings.
enum PropertyListScalarKey: Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case real(UInt64)
    case date(UInt64)
    case data([UInt8])
    case string([UInt8])
    case uid(UInt64)

    /// The key of a scalar; `nil` for a container.
    init?(_ value: PropertyListValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .unsignedInteger(let value): self = .unsignedInteger(value)
        case .real(let value): self = .real(value.bitPattern)
        case .date(let value): self = .date(value.bitPattern)
        case .data(let value): self = .data(value)
        case .string(let value): self = .string(Array(value.utf8))
        case .uid(let value): self = .uid(value)
        case .array, .set, .dictionary: return nil
        }
    }
}

/// Why a keyed archive could not be read, navigated or written.
public enum KeyedArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The binary property list under the archive is malformed.
    case propertyList(PropertyListError)
    /// The property list is not a dictionary with `$archiver`, `$version` and `$top` entries of the
    /// right types.
    case notAKeyedArchive
    /// `$archiver` names an archiver other than `NSKeyedArchiver`.
    case unsupportedArchiver(String)
    /// `$version` is not 100000.
    case unsupportedVersion(Int)
    /// `$top` has no entry for the key.
    case missingTop(String)
    /// A reference (UID) is not an index into `$objects`.
    case invalidReference(UInt64)
    /// A value is present but of a type the accessor cannot convert.
    case typeMismatch(key: String, expected: String, found: String)
    /// The object graph breaks the format's rules: `$objects` is not an array or does not start
    /// with `$null`, an object has no valid `$class`, a collection's lists are not references…
    case malformedObjectGraph(reason: String)
    /// A field key the writer cannot write: it begins with `$` (reserved for the format) or repeats.
    case invalidFieldKey(String)

    public var description: String {
        switch self {
        case .propertyList(let error):
            "keyed archive: \(error)"
        case .notAKeyedArchive:
            "not a keyed archive (no $archiver, $version and $top)"
        case .unsupportedArchiver(let archiver):
            "unsupported archiver \"\(archiver)\" (expected NSKeyedArchiver)"
        case .unsupportedVersion(let version):
            "unsupported keyed archive version \(version) (expected 100000)"
        case .missingTop(let key):
            "keyed archive has no top-level object \"\(key)\""
        case .invalidReference(let reference):
            "reference \(reference) is outside the archive's objects"
        case .typeMismatch(let key, let expected, let found):
            "value for \"\(key)\" is \(found), expected \(expected)"
        case .malformedObjectGraph(let reason):
            "malformed keyed archive: \(reason)"
        case .invalidFieldKey(let key):
            "field key \"\(key)\" is reserved or repeated"
        }
    }
}

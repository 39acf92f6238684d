import Foundation

/// The extension and the name without it of a file path, as `URL(fileURLWithPath:)` gives them
/// (`pathExtension`, `deletingPathExtension().lastPathComponent`), read from the path's bytes
/// when its last component is a plain `name.ext` (an extension of ASCII letters and digits, a
/// name that does not start with a dot), through a `URL` otherwise. The command line tells a
/// file's format and names its output this way: making a file URL has the runtime look up
/// conformances through every conformance record of the process (`Set<UInt8>`, `Substring`),
/// some 700,000 instructions at a small file's start. A test compares both on many paths.
package enum PathName {
    /// `URL(fileURLWithPath: path).pathExtension`.
    package static func pathExtension(of path: String) -> String {
        guard let (_, pathExtension) = plainName(path) else { return URL(fileURLWithPath: path).pathExtension }
        return pathExtension.map(String.init) ?? ""
    }

    /// `URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent`.
    package static func baseName(of path: String) -> String {
        guard let (stem, _) = plainName(path) else { return URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
        return String(stem)
    }

    /// The last component of `path` (trailing slashes aside) split at its last dot; nil when it
    /// is empty, starts with a dot (`.`, `..`, a hidden file), or has an extension of other
    /// characters, whose reading `URL` decides.
    private static func plainName(_ path: String) -> (stem: Substring, pathExtension: Substring?)? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = path.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        let start = bytes[..<end].lastIndex(of: slash).map { bytes.index(after: $0) } ?? bytes.startIndex
        guard start < end, bytes[start] != dot else { return nil }
        let name = path[start..<end]
        guard let lastDot = name.utf8.lastIndex(of: dot) else { return (name, nil) }
        let pathExtension = name[name.utf8.index(after: lastDot)...]
        guard !pathExtension.isEmpty else { return (name, nil) }
        let isPlain = pathExtension.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }
        return isPlain ? (name[..<lastDot], pathExtension) : nil
    }
}

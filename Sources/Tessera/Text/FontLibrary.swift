import CTextLibraries
import Foundation
import Synchronization

/// The fonts text layers draw with: a font name resolved to a file through fontconfig, each file
/// loaded once (``FontFace``) and kept for the life of the process.
///
/// # Resolving a name
/// A name (Apple's default for `CATextLayer` is "Helvetica") is matched by fontconfig as a family,
/// with its aliases: where Helvetica is not installed, fontconfig's best match stands for it (a
/// metric-compatible face such as Nimbus Sans or Liberation Sans where one is installed, else its
/// default, DejaVu Sans on Debian). When fontconfig finds nothing, or the file it names cannot be
/// read, DejaVu Sans (``fallbackFile``, Debian's `fonts-dejavu-core`) is used; without it nothing
/// is drawn.
enum FontLibrary {
    /// The face used when no other can be found.
    static let fallbackFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The name a layer without a font uses, as Apple's.
    static let defaultName = "Helvetica"

    private static let byName = Mutex<[String: FontFace?]>([:])
    private static let byFile = Mutex<[String: FontFace]>([:])

    /// The face for `name` (nil: ``defaultName``); nil only when not even the fallback loads.
    static func face(named name: String?) -> FontFace? {
        let name = name ?? defaultName
        if let known = byName.withLock({ $0[name] }) { return known }
        let face = matchedFile(name).flatMap(face(file:)) ?? face(file: fallbackFile)
        byName.withLock { $0[name] = face }
        return face
    }

    /// The face in `file`, loaded the first time.
    static func face(file: String) -> FontFace? {
        if let face = byFile.withLock({ $0[file] }) { return face }
        guard let face = FontFace(file: file) else { return nil }
        return byFile.withLock { faces in
            if let existing = faces[file] { return existing }
            faces[file] = face
            return face
        }
    }

    /// The file fontconfig picks for family `name`.
    private static func matchedFile(_ name: String) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = name.withCString { family in
            family.withMemoryRebound(to: FcChar8.self, capacity: name.utf8.count + 1) {
                FcPatternAddString(pattern, "family", $0)
            }
        }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }
}

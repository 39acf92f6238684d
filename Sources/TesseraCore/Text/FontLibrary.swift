import CTextLibraries
import Foundation
import Synchronization
@_spi(Caches) import TesseraRaster

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
///
/// # Characters a face lacks
/// ``fallback(for:after:)`` finds a face for a character the layer's face has no glyph for:
/// fontconfig's best match for a font whose character set includes it, kept when that face has
/// the glyph (see ``FontFace/shapeWithFallback(_:)``).
enum FontLibrary {
    /// The face used when no other can be found.
    static let fallbackFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The name a layer without a font uses, as Apple's.
    static let defaultName = "Helvetica"

    /// Asked once per text layout, from every thread laying text out; by name and ``generation``
    /// (a registration can change what a name resolves to).
    private static let byName = ShardedCache<NameKey, FontFace?>(limit: .max)
    private static let byFile = Mutex<[String: FontFace]>([:])

    private struct NameKey: Hashable, Sendable {
        let name: String
        let generation: Int
    }

    /// The faces registered through ``FontManager``, in order, and the count of registrations.
    private static let registered = Mutex<[FontFace]>([])
    private static let registrations = Atomic<Int>(0)

    /// Counts the registrations that changed the registered fonts: layouts made for another
    /// generation are made again.
    static var generation: Int { registrations.load(ordering: .acquiring) }

    /// The face for `name` (nil: ``defaultName``): a registered font's, else fontconfig's match;
    /// nil only when not even the fallback loads.
    static func face(named name: String?) -> FontFace? {
        let name = name ?? defaultName
        return byName.value(for: NameKey(name: name, generation: generation)) {
            registeredFace(named: name) ?? matchedFile(name).flatMap(face(file:)) ?? face(file: fallbackFile)
        }
    }

    /// Adds `face` to the registered fonts (once), and returns its names.
    static func register(_ face: FontFace) -> RegisteredFont {
        registered.withLock { faces in
            guard !faces.contains(where: { $0 === face }) else { return }
            faces.append(face)
            registrations.add(1, ordering: .releasing)
        }
        return face.names
    }

    /// The registered face whose PostScript name is `name`, else whose full name, else the first
    /// whose family name is.
    static func registeredFace(named name: String) -> FontFace? {
        registered.withLock { faces in
            faces.first { $0.names.postScriptName == name } ?? faces.first { $0.names.fullName == name }
                ?? faces.first { $0.names.familyName == name }
        }
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

    private static let fallbacks = Mutex<[FallbackKey: FontFace?]>([:])

    private struct FallbackKey: Hashable {
        let primary: ObjectIdentifier
        let scalar: UInt32
    }

    /// A face other than `primary` that has a glyph for `scalar`: the one fontconfig matches for a
    /// font that covers it; nil when no installed face has it. Found once per face and character.
    static func fallback(for scalar: Unicode.Scalar, after primary: FontFace) -> FontFace? {
        let key = FallbackKey(primary: ObjectIdentifier(primary), scalar: scalar.value)
        if let known = fallbacks.withLock({ $0[key] }) { return known }
        let face = coveringFile(scalar).flatMap(face(file:)).flatMap { $0 !== primary && $0.hasGlyph(for: scalar) ? $0 : nil }
        fallbacks.withLock { $0[key] = face }
        return face
    }

    /// The file fontconfig picks for a font whose characters include `scalar` (its best match when
    /// none does: the caller checks).
    private static func coveringFile(_ scalar: Unicode.Scalar) -> String? {
        guard let pattern = FcPatternCreate(), let characters = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(characters)
        }
        guard FcCharSetAddChar(characters, scalar.value) != 0, FcPatternAddCharSet(pattern, "charset", characters) != 0 else { return nil }
        return matchedFile(pattern)
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
        return matchedFile(pattern)
    }

    /// The file of fontconfig's best match for `pattern` (which it completes with its defaults).
    private static func matchedFile(_ pattern: OpaquePointer) -> String? {
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

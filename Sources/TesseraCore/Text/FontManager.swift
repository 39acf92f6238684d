import CTextLibraries
import Foundation

/// Font files of an app's own, for text layers to draw with, as CoreText's
/// `CTFontManagerRegisterFontsForURL(_:_:_:)` with the `.process` scope: registered for the life
/// of the process, from any thread.
///
/// A ``CATextLayer`` whose font names a registered font draws with it, before any installed font
/// fontconfig would find for the name. A name matches a registered font's PostScript name
/// (`AirbnbCerealApp-Book`, what `CTFontCreateWithName(_:_:_:)` and Lottie files' `fName` name),
/// else its full name (`Airbnb Cereal App Book`), else its family name (`Airbnb Cereal App`,
/// the first registered of that family), exactly as the font's `name` table spells it. Text laid
/// out before a registration is laid out again when drawn after it.
///
/// ```swift
/// let font = try FontManager.registerFont(at: URL(fileURLWithPath: "Fonts/Pacifico-Regular.ttf"))
/// textLayer.font = font.postScriptName
/// ```
public enum FontManager {
    /// Registers the font in the file at `url` (TrueType or OpenType; of a collection, its first
    /// face). Registering a file again changes nothing and returns the same names.
    /// - Throws: ``FontRegistrationError`` when the file cannot be read as a font.
    @discardableResult
    public static func registerFont(at url: URL) throws(FontRegistrationError) -> RegisteredFont {
        let path = url.standardizedFileURL.path
        guard FileManager.default.isReadableFile(atPath: path), let face = FontLibrary.face(file: path) else {
            throw FontRegistrationError(path: path)
        }
        return FontLibrary.register(face)
    }

    /// The registered font `name` names (see ``FontManager``), nil when none does.
    public static func registeredFont(named name: String) -> RegisteredFont? {
        FontLibrary.registeredFace(named: name)?.names
    }

    /// The metrics of the face a text layer with font `name` draws with (nil: the default,
    /// Helvetica's stand-in): the registered font, else fontconfig's match, else DejaVu Sans; nil
    /// when not even DejaVu Sans loads.
    public static func metrics(ofFontNamed name: String?) -> FontMetrics? {
        FontLibrary.face(named: name).map(FontMetrics.init)
    }

    /// Why text layers draw nothing on this machine, nil when they draw: HarfBuzz, FreeType and
    /// fontconfig are loaded when text is first laid out, not linked, and where one of them is
    /// missing (Debian's `libharfbuzz0b`, `libfreetype6`, `libfontconfig1`) no font loads. The
    /// loader's message then, such as `libharfbuzz.so.0: cannot open shared object file`.
    public static var textUnavailableReason: String? {
        guard tessera_text_libraries_available() == 0 else { return nil }
        return tessera_text_libraries_error().map { String(cString: $0) } ?? "the text libraries did not load"
    }
}

/// A registered font's names, from its `name` table.
public struct RegisteredFont: Hashable, Sendable {
    /// Its PostScript name (`Pacifico-Regular`).
    public let postScriptName: String
    /// Its full name (`Pacifico Regular`).
    public let fullName: String
    /// Its family name (`Pacifico`).
    public let familyName: String
    /// Its style name (`Regular`).
    public let styleName: String
}

/// A font's vertical metrics, per point of font size (multiply by the size for points), as
/// CoreText's `CTFontGetAscent`, `CTFontGetDescent`, `CTFontGetCapHeight` and `CTFontGetLeading`
/// give them at size 1.
public struct FontMetrics: Hashable, Sendable {
    /// Above the baseline (positive): where a ``CATextLayer``'s first baseline lies below its top.
    public let ascent: Double
    /// Below the baseline (positive).
    public let descent: Double
    /// The height of capital letters (the font's `OS/2` table's, else its H's).
    public let capHeight: Double
    /// The gap between one line's descent and the next one's ascent.
    public let leading: Double

    init(_ face: FontFace) {
        ascent = face.ascender / face.unitsPerEm
        descent = -face.descender / face.unitsPerEm
        capHeight = face.capHeight / face.unitsPerEm
        leading = max(0, face.lineHeight - face.ascender + face.descender) / face.unitsPerEm
    }
}

/// A font file that could not be registered: missing, unreadable, or not a font FreeType and
/// HarfBuzz read.
public struct FontRegistrationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path.
    public let path: String

    public var description: String { "\(path): not a readable TrueType or OpenType font" }
}

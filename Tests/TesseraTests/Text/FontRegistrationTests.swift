import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// Font files registered for the process (``FontManager``), as CoreText's
/// `CTFontManagerRegisterFontsForURL`: DejaVu Sans Mono Bold and Bold Oblique (Debian's
/// `fonts-dejavu-core`, as the fallback face), whose PostScript names fontconfig does not know
/// (it resolves `DejaVuSansMono-Bold` to another face). Registrations last for the process: the
/// tests register only these two files, whose family no other test names.
@Suite struct FontRegistrationTests {
    static let folder = "/usr/share/fonts/truetype/dejavu/"
    static let bold = URL(fileURLWithPath: folder + "DejaVuSansMono-Bold.ttf")
    static let boldOblique = URL(fileURLWithPath: folder + "DejaVuSansMono-BoldOblique.ttf")

    @Test func registrationGivesTheFontsNames() throws {
        let font = try FontManager.registerFont(at: Self.bold)
        #expect(font.postScriptName == "DejaVuSansMono-Bold")
        #expect(font.fullName == "DejaVu Sans Mono Bold")
        #expect(font.familyName == "DejaVu Sans Mono" && font.styleName == "Bold")
        #expect(try FontManager.registerFont(at: Self.bold) == font, "registering again changes nothing")
    }

    /// By PostScript name, full name or family name, exactly as spelled; a name of none is nil.
    @Test func namesMatchTheRegisteredFont() throws {
        let font = try FontManager.registerFont(at: Self.bold)
        #expect(FontManager.registeredFont(named: "DejaVuSansMono-Bold") == font)
        #expect(FontManager.registeredFont(named: "DejaVu Sans Mono Bold") == font)
        #expect(FontManager.registeredFont(named: "DejaVuSansMono-Light") == nil)
        #expect(FontManager.registeredFont(named: "dejavusansmono-bold") == nil)
    }

    /// A text layer's font name resolves to the registered face, which fontconfig alone does not
    /// find for it.
    @Test func textIsLaidOutInTheRegisteredFace() throws {
        try FontManager.registerFont(at: Self.bold)
        let face = try #require(FontLibrary.face(named: "DejaVuSansMono-Bold"))
        #expect(face.file == Self.bold.path)
        // A monospaced face: every advance is the same, 1233 of 2048 units.
        let layout = TextLayout(TextLayoutTests.style("iWi", size: 2048, font: "DejaVuSansMono-Bold"))
        #expect(abs((layout.lines.first?.width ?? 0) - 3 * 1233) < 1e-9)
    }

    /// Layouts made before a registration are made again after it: the style's generation grows.
    @Test func aRegistrationRenewsTheLayouts() throws {
        let before = TextLayoutTests.style("x", font: "DejaVuSansMono-BoldOblique")
        try FontManager.registerFont(at: Self.boldOblique)
        let after = TextLayoutTests.style("x", font: "DejaVuSansMono-BoldOblique")
        #expect(after.fontGeneration > before.fontGeneration && after != before)
        #expect(FontLibrary.face(named: "DejaVuSansMono-BoldOblique")?.file == Self.boldOblique.path)
    }

    /// A file that is missing, or not a font, is a typed error naming it; nothing is registered.
    @Test func unreadableFilesAreTypedErrors() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/font.ttf")
        #expect(throws: FontRegistrationError(path: missing.path)) { try FontManager.registerFont(at: missing) }
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID()).ttf")
        try Data("not a font".utf8).write(to: text)
        defer { try? FileManager.default.removeItem(at: text) }
        #expect(throws: FontRegistrationError(path: text.path)) { try FontManager.registerFont(at: text) }
    }

    /// DejaVu Sans' metrics from its tables, per point: ascender 1901, descender -483, cap height
    /// 1493, line gap 0, of 2048 units.
    @Test func metricsArePerPointOfSize() throws {
        let metrics = try #require(FontManager.metrics(ofFontNamed: "DejaVu Sans"))
        #expect(metrics.ascent == 1901.0 / 2048 && metrics.descent == 483.0 / 2048)
        #expect(metrics.capHeight == 1493.0 / 2048 && metrics.leading == 0)
    }

    /// An attributed string's `NSKern` adds to every character's advance.
    @Test func kernWidensEveryCharacter() throws {
        var kerned = TextLayoutTests.style("abc", size: 20)
        kerned.kern = 3
        let plain = TextLayout(TextLayoutTests.style("abc", size: 20)).lines[0].width
        #expect(abs(TextLayout(kerned).lines[0].width - (plain + 9)) < 1e-9)
        let layer = CATextLayer()
        layer.string = NSAttributedString(string: "abc", attributes: [NSAttributedString.Key("NSKern"): 3.0])
        #expect(layer.properties.textAttributes?.kern == 3)
    }

    /// A kern of 0 turns the font's own kerning off, as CoreText's: "AV" is kerned in DejaVu Sans.
    @Test func aKernOfZeroTurnsKerningOff() throws {
        let face = try #require(FontLibrary.face(named: "DejaVu Sans"))
        let unkerned = face.shape("AV", kerning: false).reduce(0) { $0 + $1.advance } * 20 / face.unitsPerEm
        var zero = TextLayoutTests.style("AV", size: 20)
        zero.kern = 0
        let kerned = TextLayout(TextLayoutTests.style("AV", size: 20)).lines[0].width
        #expect(kerned < unkerned && abs(TextLayout(zero).lines[0].width - unkerned) < 1e-9)
    }

    /// A kern that is not finite is none; a huge one is clamped to 4,096 points a character.
    @Test func badKernsAreIgnoredOrClamped() throws {
        let plain = TextLayout(TextLayoutTests.style("ab", size: 20)).lines[0].width
        var style = TextLayoutTests.style("ab", size: 20)
        style.kern = .nan
        #expect(TextLayout(style).lines[0].width == plain)
        style.kern = 1e300
        #expect(abs(TextLayout(style).lines[0].width - (plain + 2 * 4096)) < 1e-6)
    }
}

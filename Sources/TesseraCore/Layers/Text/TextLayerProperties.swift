import Foundation
import TesseraRaster

/// A ``CATextLayer``'s own properties, as values, kept inside ``RareLayerProperties`` (every
/// other layer shares the defaults), but its string and what an attributed string's first run
/// says, which ``LayerProperties`` holds. Defaults are Core Animation's. Each is a row of the
/// property table.
package struct TextLayerProperties: Hashable, Sendable {
    /// The font's name (nil: Helvetica, which fontconfig resolves: see ``CATextLayer/font``).
    package var font: String? = nil
    package var fontSize: CGFloat = 36
    package var foregroundColor: Color? = .white
    package var isWrapped = false
    package var alignmentMode = CATextLayerAlignmentMode.natural
    package var truncationMode = CATextLayerTruncationMode.none
    package var allowsFontSubpixelQuantization = false
}

/// What the first run of an attributed string says of its font and colour (nil: not said).
public struct TextAttributes: Hashable, Sendable {
    /// The font's name, when the run says it.
    public var fontName: String?
    /// The text's colour, when the run says it.
    public var foregroundColor: Color?
    /// Points added to every character's advance after the font's kerning, which 0 turns off
    /// (`NSKern`), when the run says it.
    public var kern: Double? = nil
}

/// The storage of ``LayerProperties/textAttributes``: immutable, replaced on write. Equal when the
/// values are.
final class TextAttributesBox: Hashable, Sendable {
    let value: TextAttributes

    init(_ value: TextAttributes) {
        self.value = value
    }

    static func == (a: TextAttributesBox, b: TextAttributesBox) -> Bool { a === b || a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension LayerProperties {
    /// What the first run of an attributed ``CATextLayer/string`` says of its font and colour (nil:
    /// a plain string).
    public var textAttributes: TextAttributes? {
        get { textAttributesBox?.value }
        set { textAttributesBox = newValue.map(TextAttributesBox.init) }
    }
    /// A text layer's font name.
    public var font: String? {
        get { rare.value.text.font }
        set { rareProperties.text.font = newValue }
    }
    /// A text layer's font size, in points (see ``CATextLayer/fontSize``).
    public var fontSize: CGFloat {
        get { rare.value.text.fontSize }
        set { rareProperties.text.fontSize = newValue }
    }
    /// A text layer's colour (see ``CATextLayer/foregroundColor``).
    public var foregroundColor: Color? {
        get { rare.value.text.foregroundColor }
        set { rareProperties.text.foregroundColor = newValue }
    }
    /// Whether a text layer wraps its text to its bounds (see ``CATextLayer/isWrapped``).
    public var isWrapped: Bool {
        get { rare.value.text.isWrapped }
        set { rareProperties.text.isWrapped = newValue }
    }
    /// How a text layer aligns its lines (see ``CATextLayer/alignmentMode``).
    public var alignmentMode: CATextLayerAlignmentMode {
        get { rare.value.text.alignmentMode }
        set { rareProperties.text.alignmentMode = newValue }
    }
    /// Where a text layer cuts text that does not fit (see ``CATextLayer/truncationMode``).
    public var truncationMode: CATextLayerTruncationMode {
        get { rare.value.text.truncationMode }
        set { rareProperties.text.truncationMode = newValue }
    }
    /// Whether glyph positions may snap to subpixels (see ``CATextLayer/allowsFontSubpixelQuantization``).
    public var allowsFontSubpixelQuantization: Bool {
        get { rare.value.text.allowsFontSubpixelQuantization }
        set { rareProperties.text.allowsFontSubpixelQuantization = newValue }
    }
}

import Foundation
import TesseraRaster

/// A ``CATextLayer``'s own properties, as values, kept inside ``RareLayerProperties`` (every
/// other layer shares the defaults). Defaults are Core Animation's. Each is a row of the property
/// table but ``attributes``, what an attributed string's first run says.
package struct TextLayerProperties: Hashable, Sendable {
    /// The text (an attributed string's characters).
    package var string: String? = nil
    /// An attributed string's first run's font name, size and colour, which stand for the layer's.
    package var attributes: TextAttributes? = nil
    /// The font's name (nil: Helvetica, which fontconfig resolves: see ``CATextLayer/font``).
    package var font: String? = nil
    package var fontSize: CGFloat = 36
    package var foregroundColor: Color? = .white
    package var isWrapped = false
    package var alignmentMode = CATextLayerAlignmentMode.natural
    package var truncationMode = CATextLayerTruncationMode.none
    package var allowsFontSubpixelQuantization = false

    /// Sets the characters and what the first run says together: one change of the layer's
    /// ``RareLayerProperties``, which are copied whole on every change.
    package mutating func setString(_ characters: String?, attributes: TextAttributes?) {
        string = characters
        self.attributes = attributes
    }
}

/// What the first run of an attributed string says of its font and colour (nil: not said).
public struct TextAttributes: Hashable, Sendable {
    /// The font's name, when the run says it.
    public var fontName: String?
    /// The text's colour, when the run says it.
    public var foregroundColor: Color?
}

extension LayerProperties {
    /// A text layer's characters (see ``CATextLayer/string``).
    public var string: String? {
        get { rare.value.text.string }
        set { rareProperties.text.string = newValue }
    }
    /// What the first run of an attributed ``CATextLayer/string`` says of its font and colour (nil:
    /// a plain string).
    public var textAttributes: TextAttributes? {
        get { rare.value.text.attributes }
        set { rareProperties.text.attributes = newValue }
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

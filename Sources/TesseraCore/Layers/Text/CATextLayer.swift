import Foundation
import TesseraRaster

/// A layer that lays out and draws a plain or attributed string, as QuartzCore's `CATextLayer`:
/// "the first line is aligned to the top of the layer".
///
/// # Fonts
/// ``font`` names a family, which fontconfig resolves to a file (nil, the default, is Apple's
/// Helvetica; a name that is not installed falls back to fontconfig's best match, and to DejaVu
/// Sans, Debian's `fonts-dejavu-core`, when fontconfig has none). A character the font has no
/// glyph for is drawn from a fallback face that has one (fontconfig's match for that character:
/// DejaVu Sans' 😀 in a DejaVu Serif layer), scaled to the line's font size; the line keeps its
/// font's metrics. The text is shaped by HarfBuzz in one left-to-right run per line and font
/// (no bidirectional reordering) and each glyph's outline, read from FreeType once and kept,
/// is filled by Tessera's rasterizer with exact coverage, without hinting: the text is vector
/// drawing at the frame's resolution whatever ``CALayer/contentsScale`` says, and
/// ``allowsFontSubpixelQuantization`` changes nothing.
///
/// # Layout
/// In the layer's bounds, y down, from the top: the first baseline lies the face's ascender
/// below the top of the bounds, the next ones a line height (FreeType's `height`) apart. Lines
/// break at newlines and, when ``isWrapped``, greedily at spaces where the next word would pass
/// the bounds' width (a word longer than the width is broken between characters). Each line is
/// aligned by ``alignmentMode``. With a ``truncationMode`` other than `none`, only the lines that
/// fit the bounds' height are drawn (at least one), each line wider than the bounds is truncated,
/// and so is the last drawn one when lines after it are hidden (`middle` then truncates its end).
/// Text is clipped to the bounds (a rectangle: corners are rounded only by `masksToBounds`), as
/// Apple's layer draws it into a bitmap of the bounds' size. Layouts are kept (up to 4,096 of them), so that text drawn again
/// costs nothing; a string seen for the first time is shaped when drawn.
///
/// # Drawing
/// After the layer's background and contents and before its sublayers, all glyphs as one path
/// filled with ``foregroundColor``, in the layer's own coordinates as its `contents` are: in a
/// superlayer with `isGeometryFlipped` the text is mirrored with the rest of the layer (Tessera
/// does not flip contents implicitly as Core Animation's `contentsAreFlipped` does). A font size
/// that is NaN, infinite or not positive draws nothing; one larger than 4,096 points draws at
/// 4,096.
open class CATextLayer: CALayer {
    package override class var kind: LayerKind { .text }

    /// A text layer with Core Animation's defaults: no string, Helvetica 36 pt, opaque white, not
    /// wrapped, natural alignment, no truncation.
    public required init() {
        super.init()
    }

    /// A copy of `layer`'s properties, and its string object when it is a text layer (see
    /// ``CALayer/init(layer:)``).
    public override init(layer: Any) {
        super.init(layer: layer)
        stringObject = (layer as? CATextLayer)?.stringObject
        hasStringObject = stringObject != nil
    }

    /// What ``string`` returns when it is not the model's characters (an `NSString`, an attributed
    /// string, any other object); nil for a Swift `String`. Only read or assigned whole; a change
    /// of string reads it only when `hasStringObject` says it is there (it lies at the
    /// object's end, a cache line of its own).
    @exclusivity(unchecked) private var stringObject: Any? = nil

    /// The text: a `String` (or `NSString`) or an `NSAttributedString` (nil by default). Of an
    /// attributed string Tessera draws the characters, in the font (an `"NSFont"` attribute that
    /// is a font name), colour (`"NSColor"` or `"CTForegroundColor"`, a `CGColor`) and kern
    /// (`"NSKern"`: points added to every character's advance after the font's own kerning, which
    /// 0 turns off, as in CoreText) of its first run when it has them,
    /// which then stand for ``font`` and ``foregroundColor``. Any other
    /// value shows nothing. A layer read from an archive or made from a presentation returns its
    /// characters as a `String`.
    open var string: Any? {
        get { stringObject ?? properties.string }
        set {
            // Cast once, the value copied no more than the cast needs: a caller may set the text
            // of hundreds of layers before every frame, serial work the frame waits for.
            guard let value = newValue else { return setString(nil, attributes: nil, object: nil) }
            if let text = value as? String {
                // A Swift string is read back from the model, which holds the same one; an
                // `NSString` (which casts to a String too) is kept to be returned as given.
                setString(text, attributes: nil, object: Swift.type(of: value) == String.self ? nil : value)
            } else if let attributed = value as? NSAttributedString {
                setString(attributed.string, attributes: Self.firstRunAttributes(of: attributed), object: value)
            } else {
                setString(nil, attributes: nil, object: value)
            }
        }
    }

    /// Sets the text as an attributed string of one run with `NSKern` `kern` would (``string`` then
    /// returns the characters), without making one: swift-corelibs-foundation never frees an
    /// `NSAttributedString` (its run array and attributes leak, some hundreds of bytes each:
    /// swiftlang/swift-corelibs-foundation#5256), and a builder of text layers makes one a line.
    package func setString(_ characters: String, kern: Double) {
        setString(characters, attributes: TextAttributes(fontName: nil, foregroundColor: nil, kern: kern), object: nil)
    }

    /// Makes `characters` (with an attributed string's first-run `attributes`) the model's text,
    /// and `object` what ``string`` returns (nil: the model's characters).
    private func setString(_ characters: String?, attributes: TextAttributes?, object: Any?) {
        if object != nil || hasStringObject {
            stringObject = object
            hasStringObject = object != nil
        }
        // One change of the model, known to be of `string` alone: its action looked up once, no
        // comparison of the other properties (see `changeModel(of:unless:_:)`). Both are stored
        // in the model itself, not with the out-of-line properties, which are copied whole.
        changeModel(of: .string, unless: { $0.pointee.string == characters && $0.pointee.textAttributes == attributes }) {
            $0.string = characters
            if $0.textAttributes != attributes { $0.textAttributes = attributes }
        }
    }

    /// The font: a family name as a `String` (nil by default, which is Helvetica). CGFont and
    /// CTFont do not exist here; other values read as nil.
    open var font: Any? {
        get { properties.font }
        set { properties.font = newValue as? String }
    }

    /// The font size in points (36 by default). Animatable.
    open var fontSize: CGFloat {
        get { properties.fontSize }
        set { properties.fontSize = newValue }
    }

    /// The colour the text is filled with (opaque white by default; nil draws nothing). Animatable.
    open var foregroundColor: CGColor? {
        get { properties.foregroundColor.map(CGColor.init) }
        set { properties.foregroundColor = newValue.map(Color.init) }
    }

    /// Whether lines wrap at the bounds' width (false by default).
    open var isWrapped: Bool {
        get { properties.isWrapped }
        set { properties.isWrapped = newValue }
    }

    /// How lines are aligned in the bounds (`natural` by default).
    open var alignmentMode: CATextLayerAlignmentMode {
        get { properties.alignmentMode }
        set { properties.alignmentMode = newValue }
    }

    /// How lines that do not fit are shortened (`none` by default).
    open var truncationMode: CATextLayerTruncationMode {
        get { properties.truncationMode }
        set { properties.truncationMode = newValue }
    }

    /// Kept for porting (false by default); glyphs are never quantized here.
    open var allowsFontSubpixelQuantization: Bool {
        get { properties.allowsFontSubpixelQuantization }
        set { properties.allowsFontSubpixelQuantization = newValue }
    }

    private static func firstRunAttributes(of text: NSAttributedString) -> TextAttributes? {
        guard text.length > 0 else { return nil }
        let attributes = text.attributes(at: 0, effectiveRange: nil)
        let font = attributes[NSAttributedString.Key("NSFont")] as? String
        let color = (attributes[NSAttributedString.Key("NSColor")] ?? attributes[NSAttributedString.Key("CTForegroundColor")])
            .flatMap { $0 as? CGColor }
        let kern: Double? =
            switch attributes[NSAttributedString.Key("NSKern")] {
            case let value as Double: value
            case let value as CGFloat: Double(value)
            case let value as NSNumber: value.doubleValue
            default: nil
            }
        guard font != nil || color != nil || kern != nil else { return nil }
        return TextAttributes(fontName: font, foregroundColor: color.map(Color.init), kern: kern)
    }
}

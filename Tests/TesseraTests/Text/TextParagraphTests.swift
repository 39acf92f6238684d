import Testing
@testable import TesseraCore

/// ``TextLines/paragraphs(of:)`` splits where `String.split(whereSeparator: \.isNewline)` does,
/// every kind of newline included, whether or not it takes its shortcut (a string with none).
@Suite struct TextParagraphTests {
    static let newlines = ["\n", "\u{0B}", "\u{0C}", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"]
    /// Pieces around them: ASCII, other characters whose UTF-8 begins as NEL's or U+2028's does
    /// (U+00A0, U+2026, U+2014), combining marks, emoji, and nothing.
    static let pieces = ["", "abc", "\u{A0}x", "…", "a—b", "e\u{301}", "👩‍👩‍👧", "\u{2027}", "Ç"]

    static func expected(_ string: String) -> [Substring] {
        string.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    @Test func everyNewlineSplitsAsCharactersDo() {
        for newline in Self.newlines {
            for before in Self.pieces {
                for after in Self.pieces {
                    let string = before + newline + after
                    #expect(TextLines.paragraphs(of: string) == Self.expected(string), "\(string.unicodeScalars.map(\.value))")
                }
            }
        }
    }

    @Test func aStringWithoutNewlinesIsOneParagraph() {
        for before in Self.pieces {
            for after in Self.pieces {
                let string = before + after
                #expect(TextLines.paragraphs(of: string) == [string[...]])
                #expect(Self.expected(string) == [string[...]])
            }
        }
    }

    @Test func severalNewlinesAndEmptyParagraphs() {
        let string = "\r\n\r\nfirst\u{2029}\u{2029}last\n"
        #expect(TextLines.paragraphs(of: string) == Self.expected(string))
        #expect(TextLines.paragraphs(of: string).count == 6)
    }
}

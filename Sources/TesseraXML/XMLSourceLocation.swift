/// A place in a document's text: a line and a column, both counted from 1 (lines end at a line
/// feed, a carriage return, or the pair; columns count Unicode scalars). The formats over the
/// reader turn it into the model's `DocumentLocation` where they report.
package struct XMLSourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column on that line, from 1, in Unicode scalars.
    package var column: Int

    /// The place at `line` and `column`.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, the form compilers use.
    package var description: String { "\(line):\(column)" }
}

/// Turns byte offsets of a document into lines and columns, in time linear in the document
/// overall.
///
/// The parser asks for the locations of elements and attributes in increasing order of offset,
/// so the tracker keeps the last answer and walks forward from it: a document on one line of
/// 60 MB costs one pass, not one pass from the start of the line per element. A request for an
/// earlier offset (only error paths might make one) starts again from the beginning.
struct SourceLocationTracker {
    private let bytes: [UInt8]
    private var offset = 0
    private var location = XMLSourceLocation(line: 1, column: 1)
    /// Whether the byte before `offset` is a carriage return: a line feed right after it ends no
    /// second line.
    private var afterCarriageReturn = false

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line and column of the byte at `target` (`bytes.count` for the end of the input).
    mutating func location(at target: Int) -> XMLSourceLocation {
        if target < offset {
            offset = 0
            location = XMLSourceLocation(line: 1, column: 1)
            afterCarriageReturn = false
        }
        let end = min(target, bytes.count)
        while offset < end {
            let byte = bytes[offset]
            switch byte {
            case 0x0D:
                location.line += 1
                location.column = 1
                afterCarriageReturn = true
            case 0x0A:
                if !afterCarriageReturn {
                    location.line += 1
                    location.column = 1
                }
                afterCarriageReturn = false
            default:
                afterCarriageReturn = false
                // UTF-8 continuation bytes (10xxxxxx) belong to the scalar already counted.
                if byte & 0xC0 != 0x80 { location.column += 1 }
            }
            offset += 1
        }
        return location
    }
}

/// A place in a document's text: a line and a column, both counted from 1. The errors and
/// skipped items (``SkippedFeature``) of text formats such as CAML say where they are with one.
///
/// Lines end at a line feed, a carriage return, or the pair of them (counted once), as XML
/// normalizes line ends. Columns count Unicode scalars, not bytes, and a tab counts as one
/// column, so that a column matches what an editor shows for text without tabs.
public struct DocumentLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column on that line, from 1, in Unicode scalars.
    public var column: Int

    /// The place at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, the form compilers use.
    public var description: String { "\(line):\(column)" }
}

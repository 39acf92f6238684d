import TesseraCore
import TesseraDocument
import TesseraXML

extension DocumentLocation {
    /// The model's name for a place the XML reader found: what CAML's errors and skipped items
    /// carry.
    init(_ location: XMLSourceLocation) {
        self.init(line: location.line, column: location.column)
    }
}

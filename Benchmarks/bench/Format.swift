import Foundation

/// Number formats shared by the table, the baseline comparison and the messages.
enum Format {
    /// `value` with `digits` decimals, as `printf("%.*f")` writes it (`inf` for infinity).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// A percentage without needless decimals: `10%`, `2.5%`.
    static func percent(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))%" : "\(value)%"
    }

    /// `text` padded with spaces on the right to `width` characters.
    static func left(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` padded with spaces on the left to `width` characters.
    static func right(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Flushes buffered standard output now.
func flushStandardOutput() {
    fflush(nil)
}

import TesseraCore

/// A text layer's `string` as the file formats hold it: its characters. Archives may hold an
/// attributed string, whose attributes are not read; every format writes a plain string.
package struct ArchivedTextString: CodedValue {
    package let string: String

    package init(string: String) {
        self.string = string
    }
}

extension LayerProperties {
    /// ``string`` as the property table reads and writes it (see ``ArchivedTextString``).
    package var archivedString: ArchivedTextString? {
        get { string.map(ArchivedTextString.init) }
        set { string = newValue?.string }
    }
}

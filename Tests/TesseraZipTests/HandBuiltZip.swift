/// Zip archives written byte by byte, for what ZIPFoundation does not write: data descriptors,
/// Zip64 records, symbolic links, encryption flags, other methods, and lies.
struct HandBuiltZip {
    struct Entry {
        var path: String
        /// The uncompressed bytes.
        var content: [UInt8]
        /// The bytes as the archive holds them (`content` for a stored entry).
        var stored: [UInt8]
        var method: UInt16 = 0
        var flags: UInt16 = 0
        /// Unix, version 3.0.
        var versionMadeBy: UInt16 = 0x031E
        /// A regular file, rw-r--r--.
        var externalAttributes: UInt32 = 0o100644 << 16
        /// Sizes and CRC after the data (flag bit 3), zeros in the local header.
        var dataDescriptor = false
        /// The local header's sizes saturated, and the sizes in Zip64 extra fields.
        var zip64 = false

        init(_ path: String, content: [UInt8], stored: [UInt8]? = nil, method: UInt16 = 0) {
            self.path = path
            self.content = content
            self.stored = stored ?? content
            self.method = method
        }
    }

    var entries: [Entry]
    /// Zip64 end records (with a locator), the classic record's fields saturated.
    var zip64 = false

    /// Where each part lies in ``bytes``.
    struct Layout {
        var localHeaderOffsets: [Int] = []
        var centralDirectoryOffset = 0
        var centralDirectorySize = 0
        var endRecordOffset = 0
    }

    var bytes: [UInt8] { build().bytes }
    var layout: Layout { build().layout }

    private func build() -> (bytes: [UInt8], layout: Layout) {
        var out: [UInt8] = [], layout = Layout()
        for entry in entries {
            layout.localHeaderOffsets.append(out.count)
            let name = Array(entry.path.utf8)
            let crc = crc32(entry.content)
            let flags = entry.flags | (entry.dataDescriptor ? 8 : 0)
            let sized = !entry.dataDescriptor
            let localExtra: [UInt8] =
                entry.zip64
                ? 1.le16 + 16.le16 + UInt64(entry.content.count).littleEndianBytes + UInt64(entry.stored.count).littleEndianBytes : []
            out += 0x0403_4b50.le32 + 45.le16 + flags.littleEndianBytes + entry.method.littleEndianBytes + 0.le16 + 0.le16
            out += (sized ? crc : 0).littleEndianBytes
            out += (entry.zip64 ? 0xFFFF_FFFF : sized ? UInt32(entry.stored.count) : 0).littleEndianBytes
            out += (entry.zip64 ? 0xFFFF_FFFF : sized ? UInt32(entry.content.count) : 0).littleEndianBytes
            out += name.count.le16 + localExtra.count.le16 + name + localExtra + entry.stored
            if entry.dataDescriptor {
                out += 0x0807_4b50.le32 + crc.littleEndianBytes + UInt32(entry.stored.count).littleEndianBytes
                out += UInt32(entry.content.count).littleEndianBytes
            }
        }
        layout.centralDirectoryOffset = out.count
        for (entry, offset) in zip(entries, layout.localHeaderOffsets) {
            let name = Array(entry.path.utf8)
            let extra: [UInt8] =
                entry.zip64
                ? 1.le16 + 24.le16 + UInt64(entry.content.count).littleEndianBytes + UInt64(entry.stored.count).littleEndianBytes
                    + UInt64(offset).littleEndianBytes : []
            let flags = entry.flags | (entry.dataDescriptor ? 8 : 0)
            out += 0x0201_4b50.le32 + entry.versionMadeBy.littleEndianBytes + 45.le16 + flags.littleEndianBytes
            out += entry.method.littleEndianBytes + 0.le16 + 0.le16 + crc32(entry.content).littleEndianBytes
            out += (entry.zip64 ? 0xFFFF_FFFF : UInt32(entry.stored.count)).littleEndianBytes
            out += (entry.zip64 ? 0xFFFF_FFFF : UInt32(entry.content.count)).littleEndianBytes
            out += name.count.le16 + extra.count.le16 + 0.le16 + 0.le16 + 0.le16 + entry.externalAttributes.littleEndianBytes
            out += (entry.zip64 ? 0xFFFF_FFFF : UInt32(offset)).littleEndianBytes + name + extra
        }
        layout.centralDirectorySize = out.count - layout.centralDirectoryOffset
        if zip64 {
            let recordOffset = out.count
            out += 0x0606_4b50.le32 + UInt64(44).littleEndianBytes + 45.le16 + 45.le16 + 0.le32 + 0.le32
            out += UInt64(entries.count).littleEndianBytes + UInt64(entries.count).littleEndianBytes
            out += UInt64(layout.centralDirectorySize).littleEndianBytes + UInt64(layout.centralDirectoryOffset).littleEndianBytes
            out += 0x0706_4b50.le32 + 0.le32 + UInt64(recordOffset).littleEndianBytes + 1.le32
        }
        layout.endRecordOffset = out.count
        out += 0x0605_4b50.le32 + 0.le16 + 0.le16
        out += (zip64 ? 0xFFFF : entries.count).le16 + (zip64 ? 0xFFFF : entries.count).le16
        out += (zip64 ? 0xFFFF_FFFF : layout.centralDirectorySize).le32 + (zip64 ? 0xFFFF_FFFF : layout.centralDirectoryOffset).le32
        out += 0.le16
        return (out, layout)
    }
}

extension Int {
    fileprivate var le16: [UInt8] { UInt16(self).littleEndianBytes }
    fileprivate var le32: [UInt8] { UInt32(self).littleEndianBytes }
}

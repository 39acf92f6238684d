/// The coarse stage's last step: which commands each band of rows
/// draws, and from which one its drawing shows.
enum Binning {
    /// Commands a chunk of the binning holds at least: enough that a chunk outweighs handing it
    /// out and its row of counts.
    static let minimumChunk = 256

    /// One frame's binning, in parallel over chunks of consecutive commands: each chunk counts
    /// the commands it lists in each band (``countBands(chunk:)``), the counts become each chunk's
    /// first place in each band's list (``place(bandStarts:bandCommands:)``, serial: a few
    /// additions per chunk and band), and each chunk lists its commands from there
    /// (``list(chunk:into:)``). Band b's commands are then
    /// `bandCommands[bandStarts[b] ..< bandStarts[b + 1]]`, in order, whatever the chunks.
    ///
    /// `@unchecked Sendable`: it carries pointers; chunk `c` writes only row `c` of the cursors
    /// and, in the list, only the places its row gives it.
    struct Chunks: @unchecked Sendable {
        let commands: UnsafePointer<PreparedCommand>
        let commandCount: Int
        let bands: Int
        let bandHeight: Int32
        let count: Int
        /// Row `c` (`bands` values): chunk `c`'s count in each band, then its next place there.
        let cursors: UnsafeMutablePointer<Int32>

        /// The chunks of `commandCount` commands for `threads` threads: a few per thread (a thread
        /// that binned commands crossing fewer bands takes more), each of ``minimumChunk``
        /// commands at least; their rows of `bands` counts in `cursors`.
        init(
            _ commands: UnsafePointer<PreparedCommand>, commandCount: Int, bands: Int, bandHeight: Int,
            threads: Int, cursors: ScratchBuffer<Int32>
        ) {
            self.commands = commands
            self.commandCount = commandCount
            self.bands = bands
            self.bandHeight = Int32(bandHeight)
            count = max(1, min(4 * threads, commandCount / Binning.minimumChunk))
            cursors.reserve(count * bands)
            self.cursors = cursors.pointer
        }

        /// The commands of chunk `c`.
        func range(_ c: Int) -> Range<Int> { c * commandCount / count..<(c + 1) * commandCount / count }

        /// The bands command `i` is listed in (empty when it draws nothing).
        @inline(__always)
        func bandRange(of i: Int) -> Range<Int> {
            let command = commands[i]
            if command.drawsNothing { return 0..<0 }
            return Int(command.top / bandHeight)..<Int((command.bottom - 1) / bandHeight) + 1
        }

        /// Counts chunk `c`'s commands in each band, into its row.
        func countBands(chunk c: Int) {
            let row = cursors + c * bands
            row.update(repeating: 0, count: bands)
            for i in range(c) {
                for b in bandRange(of: i) { row[b] += 1 }
            }
        }

        /// Turns the counts into each chunk's first place in each band's list (band by band, the
        /// chunks in order), writes where each band's list starts, and makes room for the lists.
        func place(bandStarts: ScratchBuffer<Int32>, bandCommands: ScratchBuffer<Int32>) {
            bandStarts.reserve(bands + 1)
            let starts = bandStarts.pointer
            var total: Int32 = 0
            for b in 0..<bands {
                starts[b] = total
                for c in 0..<count {
                    let n = cursors[c * bands + b]
                    cursors[c * bands + b] = total
                    total += n
                }
            }
            starts[bands] = total
            bandCommands.reserve(Int(total))
        }

        /// Lists chunk `c`'s commands, in order, at its places in `list`.
        func list(chunk c: Int, into list: UnsafeMutablePointer<Int32>) {
            let row = cursors + c * bands
            for i in range(c) {
                for b in bandRange(of: i) {
                    list[Int(row[b])] = Int32(i)
                    row[b] += 1
                }
            }
        }
    }

    /// Where a band's drawing starts to show: at the last of its commands that replaces every
    /// pixel of the band outside any group (a clear, or an opaque rectangle covering the band),
    /// since everything drawn before it is covered. (A frame's background usually is one.)
    static func firstShown(_ listed: Range<Int>, top: Int, bottom: Int, memory: FrameMemory) -> Int {
        var first = listed.lowerBound, depth = 0
        let width = Float(memory.width)
        for k in listed {
            let command = memory.prepared[Int(memory.bandCommands[k])]
            switch command.payload {
            case .beginGroup: depth += 1
            case .endGroup: depth -= 1
            case .clear where depth == 0: first = k
            case .rect(let r, let color) where depth == 0 && color >> 24 == 255:
                if r.x <= 0 && r.z >= width && r.y <= Float(top) && r.w >= Float(bottom) { first = k }
            default: break
            }
        }
        return first
    }
}

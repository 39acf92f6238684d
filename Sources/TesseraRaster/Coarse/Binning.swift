/// The coarse stage's last step: which commands each band of rows
/// draws, and from which one its drawing shows.
enum Binning {
    /// Lists for each band the commands touching it, in order (compressed rows: band b's commands are
    /// bandCommands[bandStarts[b] ..< bandStarts[b + 1]]).
    static func bin(
        _ commands: UnsafeMutablePointer<PreparedCommand>, commandCount: Int, bands: Int, bandHeight: Int,
        bandStarts: ScratchBuffer<Int32>, bandCommands: ScratchBuffer<Int32>
    ) {
        let h = Int32(bandHeight)
        bandStarts.reserve(bands + 1)
        let starts = bandStarts.pointer
        starts.update(repeating: 0, count: bands + 1)
        for i in 0..<commandCount where !commands[i].drawsNothing {
            for b in Int(commands[i].top / h)...Int((commands[i].bottom - 1) / h) { starts[b + 1] += 1 }
        }
        for b in 0..<bands { starts[b + 1] += starts[b] }
        bandCommands.reserve(Int(starts[bands]))
        let list = bandCommands.pointer
        // Fill using starts[b] as each band's cursor, then shift the starts back into place.
        for i in 0..<commandCount where !commands[i].drawsNothing {
            for b in Int(commands[i].top / h)...Int((commands[i].bottom - 1) / h) {
                list[Int(starts[b])] = Int32(i)
                starts[b] += 1
            }
        }
        for b in stride(from: bands, to: 0, by: -1) { starts[b] = starts[b - 1] }
        starts[0] = 0
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

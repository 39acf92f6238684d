import Testing

@testable import TesseraRaster

/// The binning lists each band's commands in drawing order whatever chunks it is cut into: the
/// lists of one chunk and of many (commands spread over the chunks, some crossing several bands,
/// some drawing nothing) equal those of a plain walk over bands and commands.
@Suite struct BinningTests {
    /// Commands of pseudo-random rows on a target of `bands` bands of `bandHeight` rows; every
    /// seventh draws nothing.
    static func commands(count: Int, bands: Int, bandHeight: Int) -> [PreparedCommand] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let height = bands * bandHeight
        return (0..<count).map { i in
            var command = PreparedCommand()
            let top = next(height)
            command.top = Int32(top)
            command.bottom = Int32(min(height, top + 1 + next(3 * bandHeight)))
            command.right = 1
            if i % 7 != 3 { command.payload = .clear(color: 0) }
            return command
        }
    }

    /// Each band's commands, by a walk over every band and command.
    static func expectedLists(_ commands: [PreparedCommand], bands: Int, bandHeight: Int) -> [[Int32]] {
        (0..<bands).map { b in
            commands.indices.compactMap { i in
                let c = commands[i]
                let touches = !c.drawsNothing && Int(c.top) < (b + 1) * bandHeight && Int(c.bottom) > b * bandHeight
                return touches ? Int32(i) : nil
            }
        }
    }

    /// The lists the chunked binning gives for `threads` threads, its chunks taken in reverse order.
    static func binnedLists(
        _ commands: [PreparedCommand], bands: Int, bandHeight: Int, threads: Int
    ) -> (
        chunks: Int, lists: [[Int32]]
    ) {
        let cursors = ScratchBuffer<Int32>(), starts = ScratchBuffer<Int32>(), list = ScratchBuffer<Int32>()
        return commands.withUnsafeBufferPointer { buffer in
            let chunks = Binning.Chunks(
                buffer.baseAddress!, commandCount: buffer.count, bands: bands, bandHeight: bandHeight,
                threads: threads, cursors: cursors)
            for c in (0..<chunks.count).reversed() { chunks.countBands(chunk: c) }
            chunks.place(bandStarts: starts, bandCommands: list)
            for c in (0..<chunks.count).reversed() { chunks.list(chunk: c, into: list.pointer) }
            let lists = (0..<bands).map { b in
                Array(
                    UnsafeBufferPointer(start: list.pointer + Int(starts.pointer[b]), count: Int(starts.pointer[b + 1] - starts.pointer[b]))
                )
            }
            return (chunks.count, lists)
        }
    }

    @Test(arguments: [1, 2, 3, 16])
    func chunksListEveryBandInOrder(threads: Int) {
        let (bands, bandHeight) = (34, 32)
        let commands = Self.commands(count: 3_001, bands: bands, bandHeight: bandHeight)
        let (chunks, lists) = Self.binnedLists(commands, bands: bands, bandHeight: bandHeight, threads: threads)
        #expect(chunks == min(4 * threads, 3_001 / Binning.minimumChunk))
        #expect(lists == Self.expectedLists(commands, bands: bands, bandHeight: bandHeight))
    }

    @Test func fewCommandsMakeOneChunk() {
        let commands = Self.commands(count: 40, bands: 5, bandHeight: 16)
        let (chunks, lists) = Self.binnedLists(commands, bands: 5, bandHeight: 16, threads: 8)
        #expect(chunks == 1)
        #expect(lists == Self.expectedLists(commands, bands: 5, bandHeight: 16))
    }
}

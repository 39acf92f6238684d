import BenchTracking
import Testing

/// Reading callgrind's parts and splitting them by stage, as `bench --instructions` does.
struct CallgrindPartTests {
    /// A part as callgrind 3.19 writes it, with compressed names and calls to the allocator.
    static let part = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        pid: 4242
        part: 7
        desc: I1 cache:
        desc: Timerange: Basic block 109632 - 109694
        desc: Trigger: --dump-before=$s7Tessera4drawF
        positions: line
        events: Ir
        summary: 123456

        ob=(1) /tmp/bench
        fl=(1) ???
        fn=(1) $s7Tessera4drawF
        0 1000
        cfn=(2) malloc
        calls=3 0
        0 300
        cfn=(3) free
        calls=2 0
        0 40
        fn=(4) other
        0 5
        cfn=(2)
        calls=4 0
        0 400

        totals: 123456
        """

    @Test func aPartGivesItsNumberTriggerInstructionsAndAllocations() throws {
        let part = try CallgrindPart(parsing: Substring(Self.part))
        #expect(part == CallgrindPart(number: 7, trigger: "--dump-before=$s7Tessera4drawF", instructions: 123_456,
                                      allocations: 7))
    }

    @Test func textWithoutCountsIsAnError() {
        #expect(throws: BenchError.self) { try CallgrindPart(parsing: "not a profile") }
    }

    @Test func partsBelongToTheInnermostOpenStage() {
        let walk = StageInstructions.Stage(name: "walk", symbol: "$W")
        let raster = StageInstructions.Stage(name: "raster", symbol: "$R")
        #expect(walk.callgrindOptions == ["--dump-before=$W", "--dump-after=?W"])
        // Time order: other 10 | walk 100 | raster inside the walk 50 | walk 20 | other 1 | raster 200 | other 2.
        let triggers = ["--dump-before=$W", "--dump-before=$R", "--dump-after=$R", "--dump-after=$W",
                        "--dump-before=$R", "--dump-after=$R", "Program termination"]
        let costs: [UInt64] = [10, 100, 50, 20, 1, 200, 2]
        let parts = zip(triggers, costs).enumerated().map { index, part in
            CallgrindPart(number: index + 1, trigger: part.0, instructions: part.1, allocations: 1)
        }
        let split = StageInstructions(parts: parts.reversed(), stages: [walk, raster])
        #expect(split.perStage.map(\.instructions) == [120, 250])
        #expect(split.other == 13)
        #expect(split.total == 383)
        #expect(split.allocations == 7)
        #expect(split.missing.isEmpty)
    }

    @Test func aStageNeverEnteredIsMissing() {
        let parts = [CallgrindPart(number: 1, trigger: "Program termination", instructions: 5, allocations: 0)]
        let split = StageInstructions(parts: parts, stages: [.init(name: "walk", symbol: "W")])
        #expect(split.missing == ["walk"])
        #expect(split.other == 5)
    }
}

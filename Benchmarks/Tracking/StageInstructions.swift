/// Instructions of a profile split by the stage that was running: `bench --instructions` runs
/// callgrind with `--dump-before` and `--dump-after` on each stage's function, so each part of the
/// profile lies between two stage boundaries. A part belongs to the innermost stage open when it
/// began (a shadow's offscreen render inside the drawing walk counts as geometry, binning and
/// rasterization, not twice), and to `other` outside every stage; the stages and `other` add up to
/// the total.
public struct StageInstructions: Sendable {
    /// A stage and the symbol of the function that runs it.
    public struct Stage: Equatable, Sendable {
        public let name: String
        public let symbol: String
        public init(name: String, symbol: String) {
            self.name = name
            self.symbol = symbol
        }

        /// callgrind's options for the stage's boundaries. callgrind keeps only one of
        /// `--dump-before` and `--dump-after` for the same pattern, so the exit is asked for under
        /// a pattern that matches the same name: `?` for its first character. (A part's trigger
        /// names the function, not the pattern.)
        public var callgrindOptions: [String] { ["--dump-before=\(symbol)", "--dump-after=?\(symbol.dropFirst())"] }
    }

    /// Instructions per stage, in the order of `stages`.
    public let perStage: [(stage: String, instructions: UInt64)]
    /// Instructions outside every stage.
    public let other: UInt64
    /// Stages whose function was never entered.
    public let missing: [String]
    public let total: UInt64
    public let allocations: UInt64

    /// Attributes `parts` (in any order; sorted by number here) to `stages`.
    public init(parts: [CallgrindPart], stages: [Stage]) {
        var costs = [UInt64](repeating: 0, count: stages.count)
        var entered = [Bool](repeating: false, count: stages.count)
        var other: UInt64 = 0
        var open: [Int] = []
        for part in parts.sorted(by: { $0.number < $1.number }) {
            if let top = open.last { costs[top] += part.instructions } else { other += part.instructions }
            if let stage = stages.firstIndex(where: { part.trigger == "--dump-before=\($0.symbol)" }) {
                open.append(stage)
                entered[stage] = true
            } else if let stage = stages.firstIndex(where: { part.trigger == "--dump-after=\($0.symbol)" }),
                let last = open.lastIndex(of: stage)
            {
                open.remove(at: last)
            }
        }
        perStage = stages.indices.map { (stages[$0].name, costs[$0]) }
        self.other = other
        missing = stages.indices.filter { !entered[$0] }.map { stages[$0].name }
        total = parts.map(\.instructions).reduce(0, +)
        allocations = parts.map(\.allocations).reduce(0, +)
    }
}

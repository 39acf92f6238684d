/// One part of a callgrind profile (callgrind writes a part at every `--dump-before`,
/// `--dump-after` and at exit, each holding the costs since the previous one): its place in the
/// sequence, what ended it, its instructions and its calls to the allocator.
///
/// Only what `bench --instructions` needs is read: the `part:` number, the `desc: Trigger:` line,
/// `summary:` (or `totals:`), and the call counts (`calls=`) to the functions named in
/// ``allocatorFunctions`` (names may be compressed: `cfn=(12) malloc` defines 12, `cfn=(12)`
/// refers to it, sharing the numbering of `fn=`).
public struct CallgrindPart: Equatable, Sendable {
    /// The functions whose calls count as allocations.
    public static let allocatorFunctions: Set<String> = [
        "malloc", "calloc", "realloc", "posix_memalign",
        "aligned_alloc", "memalign",
    ]

    public let number: Int
    /// What ended the part: `--dump-before=NAME`, `--dump-after=NAME`, `Program termination`, ….
    public let trigger: String
    public let instructions: UInt64
    public let allocations: UInt64

    public init(number: Int, trigger: String, instructions: UInt64, allocations: UInt64) {
        self.number = number
        self.trigger = trigger
        self.instructions = instructions
        self.allocations = allocations
    }

    /// Reads a part from the text of a callgrind output file.
    public init(parsing text: Substring) throws {
        var number: Int?, trigger = "", summary: UInt64?, totals: UInt64?
        var names: [Substring: Substring] = [:]
        var callee: Substring = ""
        var allocations: UInt64 = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("calls=") {
                if Self.allocatorFunctions.contains(String(callee)),
                    let count = line.dropFirst("calls=".count).split(separator: " ").first.flatMap({ UInt64($0) })
                {
                    allocations += count
                }
            } else if line.hasPrefix("cfn=") {
                callee = Self.name(line.dropFirst("cfn=".count), names: &names)
            } else if line.hasPrefix("fn=") {
                _ = Self.name(line.dropFirst("fn=".count), names: &names)
            } else if line.hasPrefix("part:") {
                number = Int(line.dropFirst("part:".count).trimmingCharacters(in: .whitespaces))
            } else if line.hasPrefix("desc: Trigger:") {
                trigger = line.dropFirst("desc: Trigger:".count).trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("summary:") {
                summary = Self.firstNumber(line.dropFirst("summary:".count))
            } else if line.hasPrefix("totals:") {
                totals = Self.firstNumber(line.dropFirst("totals:".count))
            }
        }
        guard let instructions = summary ?? totals else {
            throw BenchError("not a callgrind profile: no summary or totals line")
        }
        self.init(number: number ?? 1, trigger: trigger, instructions: instructions, allocations: allocations)
    }

    /// `(12) name` defines 12 and gives `name`; `(12)` gives what 12 was defined as; a plain name
    /// is itself.
    private static func name(_ field: Substring, names: inout [Substring: Substring]) -> Substring {
        guard field.hasPrefix("("), let close = field.firstIndex(of: ")") else { return field }
        let id = field[field.index(after: field.startIndex)..<close]
        let rest = field[field.index(after: close)...].drop { $0 == " " }
        if rest.isEmpty { return names[id] ?? "" }
        names[id] = rest
        return rest
    }

    private static func firstNumber(_ text: Substring) -> UInt64? {
        text.split(separator: " ").first.flatMap { UInt64($0) }
    }
}

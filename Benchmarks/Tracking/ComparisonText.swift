import Foundation

/// ``BenchComparison`` as text for a terminal, or as Markdown for a pull request comment.
public struct ComparisonText {
    public let comparison: BenchComparison
    public let markdown: Bool

    public init(_ comparison: BenchComparison, markdown: Bool) {
        self.comparison = comparison
        self.markdown = markdown
    }

    public func render() -> String {
        var lines: [String] = []
        if !comparison.machineDifferences.isEmpty {
            lines.append(
                note(
                    "the runs were measured on different machines or builds: "
                        + comparison.machineDifferences.joined(separator: "; ")))
        }
        lines += table(
            ["scene", "threads", "base ms", "head ms", "change", "95% interval", "verdict"],
            rightAligned: [false, true, true, true, true, true, false],
            rows: comparison.rows.map(timeCells))
        let counted = comparison.rows.filter { $0.instructions != nil }
        if !counted.isEmpty {
            lines.append("")
            lines += table(
                ["scene", "base instr/frame", "head instr/frame", "change", "verdict"],
                rightAligned: [false, true, true, true, false],
                rows: counted.map(instructionCells))
            for row in counted {
                guard let change = row.instructions, change.verdict != .noChange else { continue }
                let stages = change.stages.map { "\($0.stage) \(Self.signedPercent($0.head / $0.base))" }
                if !stages.isEmpty { lines.append(note("\(row.scene) by stage: " + stages.joined(separator: ", "))) }
            }
        }
        let few = comparison.rows.filter { $0.time.verdict == .tooFewSamples }
        if !few.isEmpty {
            lines.append(
                note(
                    "\(few.count) result(s) have fewer than \(BenchComparison.minimumSamples) frames on a side: "
                        + "no verdict on their time (run with --frames \(BenchComparison.minimumSamples) or more)"))
        }
        for row in comparison.pixelChanges {
            if case .changed(let base, let head) = row.pixels {
                lines.append(note("pixels changed: \(row.scene) @ \(row.threads) (\(base) → \(head))"))
            }
        }
        let unhashed = comparison.rows.filter { $0.pixels == .unknown }.count
        if unhashed > 0 { lines.append(note("\(unhashed) result(s) without a pixel hash on a side: pixels not compared")) }
        for label in comparison.onlyInBase { lines.append(note("only in base: \(label)")) }
        for label in comparison.onlyInHead { lines.append(note("only in head: \(label)")) }
        lines.append("")
        lines.append(summary)
        return lines.map { $0 + "\n" }.joined()
    }

    /// One line: what changed, with the method's thresholds.
    public var summary: String {
        let floor = "noise floor \(Self.percent(comparison.noiseFloor)), instructions ±\(Self.percent(comparison.instructionTolerance))"
        let regressed = comparison.regressions.count, improved = comparison.improvements.count
        let pixels = comparison.pixelChanges.count
        var parts: [String] = []
        if regressed > 0 { parts.append("\(regressed) regression(s)") }
        if improved > 0 { parts.append("\(improved) improvement(s)") }
        if parts.isEmpty { parts.append("no change") }
        if pixels > 0 { parts.append("pixels changed in \(pixels) result(s)") }
        return parts.joined(separator: ", ") + " (\(floor))"
    }

    private func timeCells(_ row: BenchComparison.Row) -> [String] {
        let time = row.time
        return [
            row.scene, String(row.threads), Self.fixed(time.baseMedianMs, 3), Self.fixed(time.headMedianMs, 3),
            Self.signedPercent(time.ratio),
            "[\(Self.signedPercent(time.interval.lowerBound)), \(Self.signedPercent(time.interval.upperBound))]",
            emphasised(time.verdict),
        ]
    }

    private func instructionCells(_ row: BenchComparison.Row) -> [String] {
        guard let change = row.instructions else { return [] }
        return [
            row.scene, Self.grouped(change.base), Self.grouped(change.head), Self.signedPercent(change.ratio, digits: 2),
            emphasised(change.verdict),
        ]
    }

    private func emphasised(_ verdict: BenchComparison.Verdict) -> String {
        guard markdown, verdict == .regression || verdict == .improvement else { return verdict.rawValue }
        return "**\(verdict.rawValue)**"
    }

    private func note(_ text: String) -> String { markdown ? "- \(text)" : "note: \(text)" }

    private func table(_ header: [String], rightAligned: [Bool], rows: [[String]]) -> [String] {
        if markdown {
            let separator = rightAligned.map { $0 ? "---:" : "---" }
            return ([header, separator] + rows).map { "| " + $0.joined(separator: " | ") + " |" }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { cells in
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return rightAligned[column] ? padding + cells[column] : cells[column] + padding
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }

    // MARK: - Numbers

    /// A ratio as a signed change: 1.034 → `+3.4%`.
    static func signedPercent(_ ratio: Double, digits: Int = 1) -> String {
        let change = (ratio - 1) * 100
        let text = String(format: "%+.\(digits)f%%", change)
        return text == String(format: "-%.\(digits)f%%", 0.0) ? String(format: "+%.\(digits)f%%", 0.0) : text
    }

    static func percent(_ fraction: Double) -> String {
        let value = fraction * 100
        return value == value.rounded() ? "\(Int(value))%" : String(format: "%g%%", value)
    }

    static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    /// An integer with thousands separators: 117861234 → `117,861,234`.
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 && character != "-" { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }
}

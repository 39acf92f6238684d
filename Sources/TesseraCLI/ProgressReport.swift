import Foundation

/// Progress of a render on standard error: a bar redrawn in place on a terminal; elsewhere (a
/// log, CI) one line every few seconds with frames done, frames per second and the time left.
/// Silent with `--quiet`, and for a single frame.
final class ProgressReport {
    /// Seconds between lines when standard error is not a terminal.
    static let lineInterval = 5.0

    private let total: Int
    private let label: String
    private let isTerminal: Bool
    private let enabled: Bool
    private let start = Date()
    private var lastLine: Date

    init(total: Int, label: String, quiet: Bool) {
        self.total = total
        self.label = label
        isTerminal = isatty(STDERR_FILENO) != 0
        enabled = !quiet && total > 1
        lastLine = start
    }

    /// Frame `done` of `total` is written.
    func update(_ done: Int) {
        guard enabled else { return }
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        if isTerminal {
            let width = 30, filled = width * done / max(total, 1)
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            let line = "\r\(bar) \(done)/\(total) frames  \(String(format: "%.1f", rate)) frames/s  \(Self.clock(left)) left "
            FileHandle.standardError.write(Data(line.utf8))
            if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
        } else if now.timeIntervalSince(lastLine) >= Self.lineInterval || done == total {
            lastLine = now
            let line = "tessera: \(label): \(done)/\(total) frames, \(String(format: "%.1f", rate)) frames/s, \(Self.clock(left)) left\n"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// `m:ss`, or `h:mm:ss` past an hour.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}

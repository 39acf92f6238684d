import Foundation
import Testing

/// `--help` reads as a person would write it: defaults in words, each said once.
@Suite struct HelpTextTests {
    static func help(_ command: String) throws -> String {
        let result = try CLI.run([command, "--help"])
        #expect(result.status == 0)
        return String(decoding: result.stdout, as: UTF8.self)
    }

    /// No Swift value dump in any command's help, and no option with two defaults.
    @Test(arguments: ["render", "inspect", "convert", "scenes"])
    func defaultsAreWordsSaidOnce(command: String) throws {
        let text = try Self.help(command)
        for dump in ["TesseraRaster.", "Color(red:", "color(", "Optional("] {
            #expect(!text.contains(dump), "\(command): \(dump) in\n\(text)")
        }
        // Options are separated by blank-free lines starting with "  -"; count defaults per option.
        let options = text.components(separatedBy: "\n  -").dropFirst()
        for option in options {
            let defaults = option.components(separatedBy: "(default:").count - 1
            #expect(defaults <= 1, "\(command): \(option)")
        }
    }

    @Test func renderSaysItsDefaultsInWords() throws {
        let text = try Self.help("render").replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        #expect(text.contains("frame's size. (default: transparent)"), "\(text)")
        #expect(text.contains("--threads <threads> Rasterizer threads (default: every core). -q"), "\(text)")
    }
}

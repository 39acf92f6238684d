import ArgumentParser
import Testing

@testable import TesseraCLI

/// `tessera render`'s fast path (``RenderRequest/init(quickParsing:)``) reads a command line as
/// ArgumentParser reads it, or leaves it to ArgumentParser.
@Suite struct RenderQuickParsingTests {
    /// Plain command lines: every option in its long and short forms, before and after the scene.
    static let plain: [[String]] = [
        ["render", "loader.json"],
        [
            "render", "issue.json", "--threads", "1", "--frames", "30", "--fps", "25", "--size", "80x100", "--scale", "1.0",
            "--format", "rgba", "-o", "-", "-q",
        ],
        ["render", "--time", "0.5", "Bluetooth.caml", "--state", "on", "--output", "on.png", "--background", "#FF000080"],
        ["render", "Aurora.tendies", "--bundle", "Floating", "--transition", "Locked:Unlock", "--apng", "a.apng", "--quiet"],
        ["render", "loader.json", "--marker", "intro", "--duration", "2", "--background", "white", "--scale", "2"],
        ["render", "checkmark", "--size", "10X20", "--format", "png", "--time", "3"],
        ["render", "render"],
        ["render", "issue.json", "--render-in-context", "--background", "white"],
    ]

    @Test(arguments: plain)
    func readsAsArgumentParserReads(_ line: [String]) throws {
        let quick = try #require(RenderRequest(quickParsing: line[...]))
        let parsed = try #require(try TesseraCommand.parseAsRoot(line) as? Render)
        #expect(quick == parsed.request)
    }

    /// Help, other commands, other spellings, and lines ArgumentParser refuses (with its message
    /// and exit code): none is read by the fast path.
    static let others: [[String]] = [
        [], ["render"], ["render", "--help"], ["render", "x.json", "-h"], ["help", "render"], ["inspect", "x.json"],
        ["--version"], ["render", "x.json", "--version"], ["render", "x.json", "--time=1"], ["render", "x.json", "--time", "-1"],
        ["render", "x.json", "--fps", "30", "--fps", "60"], ["render", "x.json", "-o", "a.png", "--output", "b.png"],
        ["render", "a.json", "b.json"], ["render", "x.json", "--fps"], ["render", "x.json", "--fps", "thirty"],
        ["render", "x.json", "--fps", "0"], ["render", "x.json", "--frames", "2", "--duration", "1"],
        ["render", "x.json", "--format", "bmp"], ["render", "x.json", "--size", "0x5"], ["render", "x.json", "--nope", "1"],
        ["render", "x.json", "-qo", "-"], ["render", "x.json", "--", "y"], ["render", "x.json", "--scale", "65"],
        ["render", "x.json", "--background", "chartreuse"], ["render", "x.json", "-o", "a.png", "--apng", "b.png"],
        ["render", "x.json", "--render-in-context", "--render-in-context"],
        ["render", "x.json", "--generate-completion-script", "bash"], ["render", "x.json", "--experimental-dump-help"],
    ]

    @Test(arguments: others)
    func leavesTheRestToArgumentParser(_ line: [String]) {
        #expect(RenderRequest(quickParsing: line[...]) == nil)
    }
}

import Foundation
import Testing

/// `tessera inspect`: the tree, animations and skipped parts; `--json` for tools.
@Suite struct InspectCommandTests {
    @Test func jsonHasTheTreeAndTheAnimations() throws {
        let result = try CLI.run(["inspect", "--json", CLI.fixture("Checkmark.caar")])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["geometryFlipped"] as? Bool == true)
        let size = try #require(object["size"] as? [String: Double])
        #expect(size["width"] == 400 && size["height"] == 400)
        let root = try #require(object["root"] as? [String: Any])
        #expect(root["class"] as? String == "CALayer")
        let sublayers = try #require(root["sublayers"] as? [[String: Any]])
        let animations = sublayers.flatMap { ($0["animations"] as? [[String: Any]]) ?? [] }
        #expect(animations.count == 2 && animations.allSatisfy { $0["keyPath"] as? String == "strokeEnd" })
        #expect(object["skipped"] is [Any])
    }

    @Test func missingFileIs66() throws {
        let result = try CLI.run(["inspect", "/nonexistent/Nothing.caar"])
        #expect(result.status == 66 && result.stderr.contains("/nonexistent/Nothing.caar"))
    }
}

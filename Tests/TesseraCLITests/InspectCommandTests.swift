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

    /// Emitter cells (nested in brackets), an animation's value function and the animations a
    /// state adds are listed.
    @Test func cellsValueFunctionsAndStateAnimationsAreListed() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.caml")
        try Data("""
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer id="#0">
              <sublayers><CAEmitterLayer><emitterCells>
                <CAEmitterCell name="flake" birthRate="30" lifetime="3"><emitterCells><CAEmitterCell name="spark" birthRate="4"/></emitterCells></CAEmitterCell>
              </emitterCells></CAEmitterLayer></sublayers>
              <animations><animation type="CABasicAnimation" keyPath="transform" valueFunction="rotateZ"><toValue type="real" value="1"/></animation></animations>
              <states><LKState name="calm"><elements>
                <LKStateAddAnimation targetId="#0" key="pulse"><animation type="CABasicAnimation" keyPath="opacity"/></LKStateAddAnimation>
              </elements></LKState></states>
            </CALayer></caml>
            """.utf8).write(to: file)
        let result = try CLI.run(["inspect", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.contains("✦ cells: flake (birthRate=30.0 lifetime=3.0) [spark (birthRate=4.0 lifetime=0.0)]"), "\(text)")
        #expect(text.contains("keyPath=transform valueFunction=rotateZ"))
        #expect(text.contains("state calm adds: pulse on #0"))
    }

    @Test func missingFileIs66() throws {
        let result = try CLI.run(["inspect", "/nonexistent/Nothing.caar"])
        #expect(result.status == 66 && result.stderr.contains("/nonexistent/Nothing.caar"))
    }
}

import ArgumentParser
import TesseraDemos

/// `tessera scenes`: the built-in demo scenes.
struct Scenes: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scenes", abstract: "List the built-in demo scenes.")

    func run() {
        let width = DemoScene.all.map(\.name.count).max() ?? 0
        for scene in DemoScene.all {
            let name = scene.name.padding(toLength: width, withPad: " ", startingAt: 0)
            print("\(name)  \(Int(scene.size.width))×\(Int(scene.size.height)) pt, \(scene.duration) s  \(scene.summary)")
        }
    }
}

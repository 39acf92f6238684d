import Foundation
import Tessera
import TesseraDemos

/// What `tessera render` draws: a built-in demo scene, or a Core Animation Archive.
struct SceneSource {
    /// A name for output files.
    let name: String
    let root: CALayer
    /// The document's size in points.
    let size: CGSize
    /// One cycle of the animations, in seconds: what --apng covers by default.
    let duration: Double
    /// Readies the tree for the frame at a time (demos driven from outside the timeline).
    let prepare: (Double) -> Void

    /// A demo scene's name, or the path of a `.caar` file.
    init(_ argument: String) throws {
        if let demo = DemoScene.named(argument) {
            let root = demo.build()
            self.init(name: demo.name, root: root, size: demo.size, duration: demo.duration) { t in _ = demo.frame(of: root, at: t) }
            return
        }
        guard argument.hasSuffix(".caar") || FileManager.default.fileExists(atPath: argument) else {
            throw SceneSourceError.unknown(argument)
        }
        let archive = try AnimationArchive(contentsOf: URL(fileURLWithPath: argument))
        let root = archive.rootLayer
        // Drawn as on iOS (y down), as seed 000 shows archives exported from macOS.
        root.isGeometryFlipped = false
        let name = URL(fileURLWithPath: argument).deletingPathExtension().lastPathComponent
        self.init(name: name, root: root, size: archive.documentSize ?? root.bounds.size,
                  duration: Self.animationsEnd(root) ?? 2) { _ in }
    }

    private init(name: String, root: CALayer, size: CGSize, duration: Double, prepare: @escaping (Double) -> Void) {
        self.name = name
        self.root = root
        self.size = size
        self.duration = duration
        self.prepare = prepare
    }

    /// When the last finite animation of the tree ends (in its layer's time: exporters' trees
    /// run on the document's timeline); nil when none has a finite end.
    static func animationsEnd(_ root: CALayer) -> Double? {
        var end: Double?
        var stack = [root]
        while let layer = stack.popLast() {
            stack.append(contentsOf: layer.sublayers ?? [])
            for key in layer.animationKeys() ?? [] {
                guard let animation = layer.animation(forKey: key) else { continue }
                let cycle = animation.duration * (animation.autoreverses ? 2 : 1)
                let active = animation.repeatDuration > 0 ? animation.repeatDuration : cycle * Double(max(animation.repeatCount, 1))
                let finish = animation.beginTime + active / Double(max(abs(animation.speed), 1e-9))
                if finish.isFinite { end = max(end ?? 0, finish) }
            }
        }
        return end
    }
}

enum SceneSourceError: Error, CustomStringConvertible {
    case unknown(String)

    var description: String {
        switch self {
        case .unknown(let name): return "\"\(name)\" is neither a demo scene (see `tessera scenes`) nor a .caar file"
        }
    }
}

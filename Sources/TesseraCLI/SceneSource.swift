import Foundation
import Tessera
import TesseraDemos

/// What `tessera render` and `inspect` read: a built-in demo scene, or a Core Animation Archive.
struct SceneSource {
    /// A name for output files (`NAME-0001.png`).
    let name: String
    /// How messages name it: the path as given, or the demo's name.
    let displayName: String
    let root: CALayer
    /// The document's size in points.
    let size: CGSize
    /// How long the animation is when no duration is given: a demo's designed cycle, or
    /// ``AnimationLength`` for an archive.
    let length: AnimationLength?
    let demoDuration: Double?
    /// What loading left out (empty for demos).
    let skipped: [AnimationArchive.Skipped]
    /// The archive, for `inspect`; nil for demos.
    let archive: AnimationArchive?
    /// Readies the tree for the frame at a time (demos driven from outside the timeline).
    let prepare: ((Double) -> Void)?

    /// A demo scene's name, or the path of a `.caar` file; failures name the file and exit 65/66.
    init(_ argument: String) throws(CommandFailure) {
        if let demo = DemoScene.named(argument) {
            let root = demo.build()
            name = demo.name
            displayName = demo.name
            self.root = root
            size = demo.size
            length = nil
            demoDuration = demo.duration
            skipped = []
            archive = nil
            prepare = demo.prepareFrame.map { prepare in { t in prepare(root, t) } }
            return
        }
        let looksLikeAFile = argument.contains("/") || argument.contains(".")
        if let reason = unreadableReason(argument) {
            guard looksLikeAFile || FileManager.default.fileExists(atPath: argument) else {
                throw CommandFailure(.noInput, "\(argument): no such demo scene or file (`tessera scenes` lists the demos)")
            }
            throw CommandFailure(.noInput, "\(argument): cannot read: \(reason)")
        }
        let archive: AnimationArchive
        do {
            archive = try AnimationArchive(contentsOf: URL(fileURLWithPath: argument))
        } catch {
            if case .unreadableFile(_, let reason) = error { throw CommandFailure(.noInput, "\(argument): cannot read: \(reason)") }
            throw CommandFailure(.dataError, "\(argument): \(error)")
        }
        name = URL(fileURLWithPath: argument).deletingPathExtension().lastPathComponent
        displayName = argument
        root = archive.rootLayerForDisplay()
        size = archive.documentSize ?? root.bounds.size
        length = AnimationLength(of: root)
        demoDuration = nil
        skipped = archive.skipped
        self.archive = archive
        prepare = nil
    }

    /// The default length of an animation render, in seconds, and the warning to print when it
    /// was capped.
    var defaultDuration: (seconds: Double, warning: String?) {
        if let demoDuration { return (demoDuration, nil) }
        guard let length else { return (0, nil) }
        guard length.isCapped else { return (length.duration, nil) }
        let natural = String(format: "%g", length.natural)
        return (length.duration, "\(displayName): its animations run \(natural) s; rendering the first \(String(format: "%g", length.cap)) s (--duration \(natural) renders all of it)")
    }
}

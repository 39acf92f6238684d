import Foundation
import Tessera
import TesseraDemos
import TesseraLottie

/// What `tessera render` and `inspect` read: a built-in demo scene, a Core Animation Archive
/// (`.caar`), a CAML document (`.caml`), a `.ca` bundle folder, a whole wallpaper (a `.tendies`
/// file or its folder, without ``SceneOptions/bundle``), or one bundle of a `.tendies` file or
/// wallpaper folder (with it), in the state ``SceneOptions`` ask for; or a Lottie animation
/// (`.json`, see ``LottieSource``).
struct SceneSource {
    /// A name for output files (`NAME-0001.png`).
    let name: String
    /// How messages name it: the path as given, or the demo's name.
    let displayName: String
    let root: CALayer
    /// The document's size in points.
    let size: CGSize
    /// How long the animation is when no duration is given: ``ownDuration``, or
    /// ``AnimationLength`` for an archive.
    let length: AnimationLength?
    /// The length the scene gives itself: a demo's designed cycle, a Lottie animation's length.
    let ownDuration: Double?
    /// What loading left out (empty for demos).
    let skipped: [SkippedFeature]
    /// What a wallpaper holds that is not rendered (scripts, other appearances), in words.
    let notRendered: [String]
    /// The archive, for `inspect`; nil for demos and wallpapers.
    let archive: SceneDocument?
    /// The wallpaper, for `inspect`; nil for anything else.
    let wallpaper: Wallpaper?
    /// The Lottie animation, for `inspect`; nil for anything else.
    let lottie: LottieAnimation?
    /// Readies the tree for the frame at a time (demos driven from outside the timeline).
    let prepare: ((Double) -> Void)?

    /// A demo scene's name, or the path of a file or bundle; failures name the file and exit
    /// 64 (options that do not fit it), 65 (malformed) or 66 (missing or unreadable).
    init(_ argument: String, options: SceneOptions = SceneOptions()) throws(CommandFailure) {
        if let demo = DemoScene.named(argument) {
            let root = demo.build()
            name = demo.name
            displayName = demo.name
            self.root = root
            size = demo.size
            length = nil
            ownDuration = demo.duration
            skipped = []
            notRendered = []
            archive = nil
            wallpaper = nil
            lottie = nil
            prepare = demo.prepareFrame.map { prepare in { t in prepare(root, t) } }
            return
        }
        if SceneFileKind(of: argument) == .lottie {
            let animation = try LottieSource.load(argument, options: options)
            name = PathName.baseName(of: argument)
            displayName = argument
            root = animation.rootLayer
            size = animation.size
            length = nil
            ownDuration = animation.duration
            skipped = animation.skipped
            notRendered = []
            archive = nil
            wallpaper = nil
            lottie = animation
            prepare = nil
            return
        }
        let url = URL(fileURLWithPath: argument)
        if options.bundle == nil, let wallpaper = try Self.wallpaper(argument) {
            try options.apply(to: wallpaper, argument: argument)
            name = url.deletingPathExtension().lastPathComponent
            displayName = argument
            root = wallpaper.rootLayer
            size = wallpaper.size
            length = AnimationLength(of: root)
            ownDuration = nil
            skipped = wallpaper.skipped
            notRendered = wallpaper.omissions.map(\.description)
            archive = nil
            self.wallpaper = wallpaper
            lottie = nil
            prepare = nil
            return
        }
        let (archive, scripts) = try Self.archive(argument, bundle: options.bundle)
        try options.apply(to: archive.states, argument: argument)
        name =
            options.bundle.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
            ?? url.deletingPathExtension().lastPathComponent
        displayName = argument
        root = archive.rootLayerForDisplay()
        size = archive.documentSize ?? root.bounds.size
        length = AnimationLength(of: root)
        ownDuration = nil
        skipped = archive.skipped
        notRendered = scripts
        self.archive = archive
        wallpaper = nil
        lottie = nil
        prepare = nil
    }

    /// The archive of a file or bundle (a bundle of a `.tendies` file with `bundle`), as loaded,
    /// and the scripts a wallpaper's bundle holds, in words: failures name the file and exit 64
    /// (`--bundle` where it does not fit), 65 (malformed) or 66 (missing, unreadable, a folder
    /// that is not a `.ca` bundle).
    static func archive(_ argument: String, bundle: String?) throws(CommandFailure) -> (archive: SceneDocument, scripts: [String]) {
        let looksLikeAFile = argument.contains("/") || argument.contains(".")
        let kind = SceneFileKind(of: argument)
        // A folder is read as a `.ca` bundle or a wallpaper when it is one; any other is "a directory".
        if kind != .bundle, kind != .wallpaperFolder, let reason = unreadableReason(argument) {
            guard looksLikeAFile || FileManager.default.fileExists(atPath: argument) else {
                throw CommandFailure(.noInput, "\(argument): no such demo scene or file (`tessera scenes` lists the demos)")
            }
            throw CommandFailure(.noInput, "\(argument): cannot read: \(reason)")
        }
        let url = URL(fileURLWithPath: argument)
        let (archive, scripts) =
            kind.holdsBundles
            ? try loadTendies(url, kind: kind, argument: argument, bundle: bundle)
            : (try load(url, argument: argument), [])
        if bundle != nil, !kind.holdsBundles {
            throw CommandFailure(.usage, "\(argument): --bundle names a bundle inside a .tendies file or wallpaper folder")
        }
        return (archive, scripts)
    }

    private static func load(_ url: URL, argument: String) throws(CommandFailure) -> SceneDocument {
        do {
            return try SceneDocument(contentsOf: url)
        } catch {
            if case .unreadableFile(_, let reason) = error { throw CommandFailure(.noInput, "\(argument): cannot read: \(reason)") }
            throw CommandFailure(.dataError, "\(argument): \(error)")
        }
    }

    /// The bundle `bundle` of a `.tendies` zip or wallpaper folder: a wallpaper's part
    /// (`Floating`), or as ``TendiesArchive/bundle(named:)`` finds it in a zip of other bundles,
    /// written out to a temporary folder (removed once loaded: the images are read by then) and
    /// loaded. Without `--bundle`, or with one that names no bundle, a usage error that lists the
    /// bundles by their short names.
    private static func loadTendies(
        _ url: URL, kind: SceneFileKind, argument: String, bundle: String?
    ) throws(CommandFailure) -> (SceneDocument, [String]) {
        if let bundle {
            do {
                let part = try Wallpaper.loadBundle(named: bundle, contentsOf: url)
                return (part.archive, part.scripts.map { Wallpaper.Omission.script(bundle: part.role, path: $0).description })
            } catch {
                switch error {
                case .notAWallpaper where kind != .wallpaperFolder: break   // a zip of other bundles: below
                case .noSuchBundle: throw CommandFailure(.usage, "\(argument): \(error)")
                case .unreadableFolder: throw CommandFailure(.noInput, "\(argument): \(error)")
                default: throw CommandFailure(.dataError, "\(argument): \(error)")
                }
            }
        } else if let wallpaper = try wallpaper(argument) {
            throw CommandFailure(
                .usage,
                "\(argument): name a bundle with --bundle; the wallpaper holds: "
                    + wallpaper.bundles.map(\.role.rawValue).joined(separator: ", ")
            )
        }
        let tendies: TendiesArchive
        do {
            tendies = try TendiesArchive(contentsOf: url)
        } catch {
            throw CommandFailure(.dataError, "\(argument): \(error)")
        }
        guard let bundle else {
            throw CommandFailure(
                .usage, "\(argument): name the bundle with --bundle; the file holds: \(tendies.shortNames.joined(separator: ", "))")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-tendies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let extracted = try tendies.extract(bundle: bundle, to: folder)
            return (try load(extracted, argument: "\(argument) (\(bundle))"), [])
        } catch let error as TendiesError {
            if case .noSuchBundle = error { throw CommandFailure(.usage, "\(argument): \(error)") }
            throw CommandFailure(.dataError, "\(argument): \(error)")
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.dataError, "\(argument): \(error)")
        }
    }

    /// The wallpaper in a `.tendies` file or a wallpaper folder (`SceneFileKind`); nil
    /// for any other file, and for a `.tendies` file of other bundles (no `Wallpaper.plist`, no
    /// bundle named as a wallpaper's part). Failures name the file and exit 65 (malformed) or 66
    /// (unreadable).
    static func wallpaper(_ argument: String) throws(CommandFailure) -> Wallpaper? {
        let kind = SceneFileKind(of: argument)
        guard kind == .wallpaperFolder || (kind == .tendies && unreadableReason(argument) == nil) else { return nil }
        do {
            return try Wallpaper(contentsOf: URL(fileURLWithPath: argument))
        } catch {
            switch error {
            case .notAWallpaper where kind != .wallpaperFolder: return nil
            case .unreadableFolder: throw CommandFailure(.noInput, "\(argument): \(error)")
            default: throw CommandFailure(.dataError, "\(argument): \(error)")
            }
        }
    }

    /// The default length of an animation render, in seconds, and the warning to print when it
    /// was capped.
    var defaultDuration: (seconds: Double, warning: String?) {
        if let ownDuration { return (ownDuration, nil) }
        guard let length else { return (0, nil) }
        guard length.isCapped else { return (length.duration, nil) }
        let natural = String(format: "%g", length.natural)
        return (
            length.duration,
            "\(displayName): its animations run \(natural) s; rendering the first \(String(format: "%g", length.cap)) s "
                + "(--duration \(natural) renders all of it)"
        )
    }
}

import Foundation
import Tessera
import TesseraLottie

/// Lottie documents for `render`, `inspect` and `convert` (`SceneFileKind.lottie`: `.json`, or
/// `.lottie`, dotLottie, its first animation).
enum LottieSource {
    /// The animation in the file: failures name it and exit 66 (missing, unreadable) or 65
    /// (malformed, over a limit). Options for other formats are usage errors (64).
    static func load(_ argument: String, options: SceneOptions = SceneOptions()) throws(CommandFailure) -> LottieAnimation {
        for (option, value) in [("--bundle", options.bundle), ("--state", options.state), ("--transition", options.transition)]
        where value != nil {
            throw CommandFailure(.usage, "\(argument): \(option) does not apply to a Lottie animation")
        }
        if let reason = unreadableReason(argument) { throw CommandFailure(.noInput, "\(argument): cannot read: \(reason)") }
        var configuration = options.lottie ?? .init()
        configuration.keepDecodedModel = { keepUntilExit($0) }
        do {
            return try LottieAnimation(contentsOfFile: argument, configuration: configuration)
        } catch {
            if case .unreadableFile = error { throw CommandFailure(.noInput, "\(argument): \(error)") }
            throw CommandFailure(.dataError, "\(argument): \(error)")
        }
    }

    /// The marker `name` of the scene's Lottie animation (nil without a name): a usage error (64)
    /// for a scene that is not one, or a name it does not have (listing those it has). A marker
    /// of no length lasts one frame.
    static func segment(named name: String?, of source: SceneSource) throws(CommandFailure) -> (time: Double, duration: Double)? {
        guard let name else { return nil }
        guard let animation = source.lottie else {
            throw CommandFailure(.usage, "\(source.displayName): --marker is for Lottie animations")
        }
        guard let marker = animation.markers.first(where: { $0.name == name }) else {
            let names = animation.markers.map(\.name)
            throw CommandFailure(
                .usage,
                "\(source.displayName): no marker \"\(name)\"; "
                    + (names.isEmpty ? "it has none" : "its markers: \(names.joined(separator: ", "))"))
        }
        return (marker.time, marker.duration > 0 ? marker.duration : 1 / animation.frameRate)
    }

    /// `inspect`'s lines about the animation itself: frames, rate, markers.
    static func summary(_ animation: LottieAnimation) -> [String] {
        func number(_ value: Double) -> String { String(format: "%g", value) }
        var lines = [
            "lottie: \(animation.version.map { "version \($0), " } ?? "")frames \(number(animation.frames.lowerBound))"
                + "–\(number(animation.frames.upperBound)) at \(number(animation.frameRate)) fps (\(number(animation.duration)) s)"
        ]
        if !animation.markers.isEmpty {
            lines.append(
                "markers: "
                    + animation.markers.map { "\($0.name) at \(number($0.time)) s for \(number($0.duration)) s" }.joined(separator: ", "))
        }
        return lines
    }
}

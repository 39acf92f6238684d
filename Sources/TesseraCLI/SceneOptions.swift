import Foundation
import Tessera
import TesseraLottie

/// What `render` and `inspect` take besides the scene: the bundle of a `.tendies` file, and the
/// state of a CAML document or a wallpaper to show (`--state`) or the transition to animate
/// (`--transition`).
struct SceneOptions {
    var bundle: String?
    var state: String?
    /// `FROM:TO`: the document shown in state FROM, then going to TO at time 0, animated by its
    /// transition. `*` or an empty name is the base state.
    var transition: String?
    /// A Lottie animation's providers and viewport, from `render`'s `--value`, `--image`,
    /// `--text`, `--font` and `--viewport`.
    var lottie: LottieAnimation.Configuration?

    /// Puts a document's tree, or a wallpaper's bundles, in the asked state; usage errors name
    /// the states there are.
    func apply(to states: some StateDriven, argument: String) throws(CommandFailure) {
        if state != nil && transition != nil { throw CommandFailure(.usage, "give --state or --transition, not both") }
        guard state != nil || transition != nil else { return }
        guard !states.stateNames.isEmpty else {
            throw CommandFailure(.usage, "\(argument): has no states (--state and --transition are for CAML documents with states)")
        }
        func named(_ name: String) throws(CommandFailure) -> String? {
            if name.isEmpty || name == "*" { return nil }
            guard states.stateNames.contains(name) else {
                throw CommandFailure(.usage, "\(argument): no state \"\(name)\"; its states: \(states.stateNames.joined(separator: ", "))")
            }
            return name
        }
        do {
            if let state {
                try states.setState(try named(state), at: 0, animated: false)
            } else if let transition {
                let parts = transition.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 2 else { throw CommandFailure(.usage, "--transition takes FROM:TO, not \(transition)") }
                let (from, to) = (try named(parts[0]), try named(parts[1]))
                try states.setState(from, at: 0, animated: false)
                try states.setState(to, at: 0, animated: true)
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.usage, "\(argument): \(error)")
        }
    }
}

/// What goes between named states: one document's ``LayerStates``, or a ``Wallpaper``'s bundles
/// together.
protocol StateDriven {
    var stateNames: [String] { get }
    func setState(_ name: String?, at time: CFTimeInterval, animated: Bool) throws(LayerStateError)
}

extension LayerStates: StateDriven {
    var stateNames: [String] { names }
}

extension Wallpaper: StateDriven {}

import Foundation
import TesseraCore
import TesseraDocument

extension Wallpaper {
    /// The states of all the bundles (the lock screen's `Locked`, `Unlock` and `Sleep` as the
    /// editors write them), each once, in the order the bundles declare them, bottom first.
    public var stateNames: [String] {
        var names: [String] = []
        for name in bundles.flatMap(\.archive.states.names) where !names.contains(name) { names.append(name) }
        return names
    }

    /// Puts every bundle that has state `name` in it at `time` (nil: every bundle in its base
    /// state), with each bundle's matching transitions when `animated`, as
    /// `LayerStates.setState(_:at:animated:)` does for one; iOS sets the same state on each
    /// of a wallpaper's packages. A bundle without the state stays as it is.
    ///
    /// - Throws: `LayerStateError.unknownState(_:)` when no bundle has the state; nothing
    ///   changes then.
    public func setState(_ name: String?, at time: CFTimeInterval, animated: Bool = true) throws(LayerStateError) {
        let states = bundles.map(\.archive.states).filter { states in name.map { states.names.contains($0) } ?? true }
        if let name, states.isEmpty { throw .unknownState(name) }
        for bundleStates in states { try bundleStates.setState(name, at: time, animated: animated) }
    }
}

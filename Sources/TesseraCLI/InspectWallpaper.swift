import Foundation
import Tessera

/// `tessera inspect W.tendies`: the wallpaper's name, screen, bundles bottom first (each with its
/// states and transitions), the states they share, and what is not rendered; `--json` the same
/// as one JSON object.
enum InspectWallpaper {
    static func text(_ wallpaper: Wallpaper) -> String {
        var lines = ["wallpaper: \(wallpaper.name)"]
        let size = "\(number(wallpaper.size.width))×\(number(wallpaper.size.height)) points"
        if let screen = wallpaper.screenClass, let scale = screen.scale {
            lines.append("screen: \(screen.name) (\(size) at @\(scale)x, \(screen.device ?? "-"))")
        } else {
            let given = wallpaper.screenClass.map { "\($0.name): " } ?? "none given: "
            lines.append("screen: \(given)\(size), the \(wallpaper.bundles[0].role.rawValue) bundle's")
        }
        lines.append("bundles, bottom first:")
        for bundle in wallpaper.bundles {
            lines.append("  \(bundle.role.rawValue): \(bundle.path)")
            let states = bundle.archive.states
            if !states.names.isEmpty { lines.append("    states: \(states.names.joined(separator: ", "))") }
            if !states.transitions.isEmpty { lines.append("    transitions: \(transitions(states).joined(separator: ", "))") }
        }
        lines.append(wallpaper.stateNames.isEmpty ? "states: none" : "states: \(wallpaper.stateNames.joined(separator: ", "))")
        lines.append(wallpaper.omissions.isEmpty ? "not rendered: nothing" : "not rendered:")
        lines += wallpaper.omissions.map { "  \($0)" }
        let skipped = SkippedFeature.sortedBySeverity(wallpaper.skipped)
        lines.append(skipped.isEmpty ? "skipped: nothing" : "skipped (\(SkippedFeature.summary(of: skipped)!)):")
        lines += skipped.map { "  [\($0.severity)] \($0)" }
        return lines.joined(separator: "\n")
    }

    static func json(_ wallpaper: Wallpaper, file: String) -> String {
        var document: [String: Any] = [
            "file": file,
            "name": wallpaper.name,
            "size": ["width": Double(wallpaper.size.width), "height": Double(wallpaper.size.height)],
            "bundles": wallpaper.bundles.map { bundle in
                [
                    "role": bundle.role.rawValue, "path": bundle.path, "states": bundle.archive.states.names,
                    "transitions": transitions(bundle.archive.states),
                ] as [String: Any]
            },
            "states": wallpaper.stateNames,
            "notRendered": wallpaper.omissions.map(\.description),
            "skipped": SkippedFeature.sortedBySeverity(wallpaper.skipped).map(\.description),
        ]
        if let screen = wallpaper.screenClass { document["screenClass"] = screen.name }
        let data = try! JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// Each transition as `FROM → TO`, in the document's order.
    private static func transitions(_ states: LayerStates) -> [String] {
        states.transitions.map { "\($0.fromState) → \($0.toState)" }
    }

    private static func number(_ value: CGFloat) -> String { String(format: "%g", Double(value)) }
}

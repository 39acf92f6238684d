import Foundation
import TesseraCAAR
import TesseraCAML
import TesseraCore
import TesseraDocument

/// The files a `SceneDocument` is written as, told by their extension: a Core Animation
/// Archive (`.caar`), a CAML document (`.caml`, its images in `assets/` beside it) or a `.ca`
/// bundle folder. What each format's writer does, and what it cannot hold, in one place for the
/// tools over the formats (`tessera convert`).
package enum SceneFileFormat: String, CaseIterable, Sendable {
    case caar, caml, ca

    /// The format `url`'s extension names (any case); nil for another extension.
    package init?(of url: URL) {
        self.init(rawValue: url.pathExtension.lowercased())
    }

    /// The formats' extensions in words, for messages: `.caar, .caml or .ca`.
    package static var extensionsInWords: String {
        let names = allCases.map { "." + $0.rawValue }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// Writes `archive` to `url` in this format.
    package func write(_ archive: SceneDocument, to url: URL) throws(SceneDocumentError) {
        switch self {
        case .caar: try archive.writeArchive(to: url)
        case .caml: try archive.writeCAML(to: url)
        case .ca: try archive.writeCAMLBundle(to: url)
        }
    }

    /// What `archive` holds that this format does not, in words: states in an archive; the
    /// document's size and flip, and animation keys other than their key paths, in CAML.
    package func losses(of archive: SceneDocument) -> [String] {
        var losses: [String] = []
        switch self {
        case .caar:
            let states = archive.states
            if !states.states.isEmpty || !states.transitions.isEmpty {
                losses.append("archives hold no states: left out \(states.states.count) states and \(states.transitions.count) transitions")
            }
        case .caml, .ca:
            if self == .caml, archive.documentSize != nil || archive.isGeometryFlipped {
                losses.append("a .caml file holds no document size or flip (a .ca bundle's index.xml does): left out")
            }
            var renamed = 0, layers = [archive.rootLayer]
            while let layer = layers.popLast() {
                layers += (layer.sublayers ?? []) + (layer.mask.map { [$0] } ?? [])
                for key in layer.animationKeys() ?? [] {
                    let base = (layer.animation(forKey: key) as? CAPropertyAnimation)?.keyPath ?? "group"
                    if key != base && !key.hasPrefix(base + "-") { renamed += 1 }
                }
            }
            if renamed > 0 { losses.append("CAML holds no animation keys: \(renamed) animations are read back under their key paths") }
        }
        return losses
    }
}

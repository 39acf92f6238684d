import TesseraCore
import TesseraKeyedArchive

extension CoreAnimationCoding {
    /// A filter's class (`filters`, `backgroundFilters`, `compositingFilter`): the object archives
    /// hold and the element CAML writes.
    package static let filterClass = ArchiveClass("CAFilter", superclasses: ["NSObject"])

    /// The filters `layer` keeps but Tessera does not draw, as the key that holds each and why
    /// (its type, or its type and the input at fault): what both file formats report.
    package static func undrawnFilters(of layer: CALayer) -> [(key: String, why: String)] {
        let p = layer.properties
        var undrawn: [(key: String, why: String)] = []
        for (key, filters) in [("filters", p.filters), ("backgroundFilters", p.backgroundFilters)] {
            for why in LayerFilterDrawing.undrawn(filters, as: key, ofBackdrop: p.kind == .backdrop) { undrawn.append((key, why)) }
        }
        if let filter = p.compositingFilter, !LayerFilterDrawing.draws(compositingFilter: filter) {
            undrawn.append(("compositingFilter", filter.type))
        }
        return undrawn
    }
}

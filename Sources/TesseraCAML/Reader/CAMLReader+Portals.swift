import TesseraCore
import TesseraDocument
import TesseraXML

extension CAMLReader {
    /// Notes the `id` that a portal's `sourceLayer` attribute names (`sourceLayer="#2"`): the
    /// layer is found once the whole tree is read, since it may come later in the document or be
    /// one of the portal's ancestors. On a layer that is not a portal the key is left out.
    ///
    /// CAML refers to other layers by their `id`, as states do; no Apple file with a portal has
    /// been seen, so this spelling is this reader's.
    mutating func notePortalSource(_ attribute: CAMLAttribute, of layer: CALayer, className: String, path: String) {
        guard let portal = layer as? CAPortalLayer else {
            skip(path, className, CoreAnimationCoding.sourceLayerKey, .unsupportedKey, at: attribute.location)
            return
        }
        portalSources.append((portal, attribute, path, className))
    }

    /// Gives each portal read the layer with the `id` its `sourceLayer` names, and reports the
    /// portals that do not get one (no layer has the id) and those that would show themselves
    /// (they keep their source and draw nothing), as archives do.
    mutating func resolvePortalSources(in root: CALayer) {
        guard !portalSources.isEmpty else { return }
        let key = CoreAnimationCoding.sourceLayerKey
        for (portal, id, path, className) in portalSources {
            if let source = layersByID[id.value] {
                portal.sourceLayer = source
            } else {
                skip(path, className, key, .unsupportedValue("no layer has the id \"\(id.value)\""), at: id.valueLocation)
            }
        }
        let cut = root.portalsInCycles()
        for (portal, id, path, className) in portalSources where cut.contains(ObjectIdentifier(portal)) {
            skip(path, className, key, .portalCycle, at: id.valueLocation)
        }
    }
}

import TesseraCore
import TesseraDocument
import TesseraKeyedArchive

extension ArchiveReader {
    /// Notes the object that the `sourceLayer` of `object` (read into `layer`, at `path`) refers
    /// to: it is found once the whole tree is read, since it may come later in the tree or be one
    /// of the portal's ancestors. On a layer that is not a portal the key is left out.
    mutating func notePortalSource(of object: ArchivedObject, in layer: CALayer, path: String) throws {
        guard let value = try object.value(forKey: Format.sourceLayerKey), value != .null else { return }
        guard let portal = layer as? CAPortalLayer else {
            skip(path, object.className, Format.sourceLayerKey, .unsupportedKey)
            return
        }
        portalSources.append((portal, value.objectValue?.reference, path, object.className))
    }

    /// Gives each portal read the layer its `sourceLayer` refers to, and reports the portals
    /// that do not get one (the reference is not to a layer of the tree) and those that would
    /// show themselves (they keep their source, and draw nothing: see ``PortalSources``).
    mutating func resolvePortalSources(in root: CALayer) {
        guard !portalSources.isEmpty else { return }
        for (portal, source, path, className) in portalSources {
            if let source, let layer = placedLayer(source) {
                portal.sourceLayer = layer
            } else {
                skip(path, className, Format.sourceLayerKey, .unsupportedValue("a source that is not a layer of the tree"))
            }
        }
        let cut = root.portalsInCycles()
        for (portal, _, path, className) in portalSources where cut.contains(ObjectIdentifier(portal)) {
            skip(path, className, Format.sourceLayerKey, .portalCycle)
        }
    }
}

extension CALayer {
    /// Whether this layer or one in its tree (its sublayers and its mask, and theirs) satisfies
    /// `predicate`; stops at the first that does. Each layer is met once: a mask set to one of its
    /// layer's ancestors makes no endless walk.
    package func treeContains(where predicate: (CALayer) -> Bool) -> Bool {
        var pending: [CALayer] = [self]
        var met = LayerIdentitySet()
        while let layer = pending.popLast() {
            guard met.insert(layer) else { continue }
            if predicate(layer) { return true }
            pending += layer.sublayers ?? []
            if let mask = layer.mask { pending.append(mask) }
        }
        return false
    }

    /// Calls `body` on this layer and on each in its tree, once each (see ``treeContains(where:)``).
    func forEachInTree(_ body: (CALayer) -> Void) {
        _ = treeContains { layer in
            body(layer)
            return false
        }
    }
}

extension CALayer {
    /// Whether this layer or one in its tree (its sublayers and its mask, and theirs) satisfies
    /// `predicate`; stops at the first that does.
    package func treeContains(where predicate: (CALayer) -> Bool) -> Bool {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if predicate(layer) { return true }
            pending += layer.sublayers ?? []
            if let mask = layer.mask { pending.append(mask) }
        }
        return false
    }
}

/// The actions of changes to a layer's sublayers: Core Animation's triggers that are not
/// properties (see ``CALayer/action(forKey:)``).
extension CALayer {
    /// Runs `change` (a change of this layer's sublayers that inserts `inserted` into it and
    /// removes `removed` from it) with the actions Core Animation runs for it, when this layer
    /// has been presented and the transaction does not disable actions (see
    /// ``CATransaction/disableActions()``):
    ///
    /// - this layer's action for `event` (`sublayers`, or ``kCATransition`` for
    ///   ``replaceSublayer(_:with:)``), run on this layer; a ``CATransition`` found there is
    ///   added under ``kCATransition``, starting from the layer as last presented;
    /// - ``kCAOnOrderOut``, run on each removed layer ("the layer is removed from the layer
    ///   hierarchy");
    /// - ``kCAOnOrderIn``, run on each inserted layer ("a layer becomes visible … being inserted
    ///   into the visible layer hierarchy").
    ///
    /// The actions are looked up before the change, as those of properties are, and run after
    /// it. There is no default action for these keys: nil unless the delegate, `actions` or
    /// `style` give one; `NSNull` gives none. (Hiding a layer does not run ``kCAOnOrderOut`` here,
    /// nor showing it ``kCAOnOrderIn``.)
    func changeSublayers(
        event: String, inserting inserted: @autoclosure () -> [CALayer],
        removing removed: @autoclosure () -> [CALayer], _ change: () -> Void
    ) {
        guard hasBeenPresented, !CATransaction.disableActions() else {
            change()
            return
        }
        let own = action(forKey: event)
        let orderOut = removed().compactMap { layer in layer.action(forKey: kCAOnOrderOut).map { (layer, $0) } }
        let orderIn = inserted().compactMap { layer in layer.action(forKey: kCAOnOrderIn).map { (layer, $0) } }
        change()
        own?.run(forKey: event, object: self, arguments: nil)
        for (layer, action) in orderOut { action.run(forKey: kCAOnOrderOut, object: layer, arguments: nil) }
        for (layer, action) in orderIn { action.run(forKey: kCAOnOrderIn, object: layer, arguments: nil) }
    }
}

import Foundation

/// The key of the duration of the animations that actions trigger in a transaction group
/// (``CATransaction/animationDuration()``): "Duration, in seconds, for animations triggered within
/// the transaction group." A number.
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of whether property changes run actions (``CATransaction/disableActions()``): "A key
/// whose value indicates whether implicit actions for property changes made within the
/// transaction group are suppressed." A Boolean (`NSNumber` or `Bool`).
public let kCATransactionDisableActions = "disableActions"
/// The key of the timing function of the animations that actions trigger
/// (``CATransaction/animationTimingFunction()``): a ``CAMediaTimingFunction``.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of the transaction's completion block (``CATransaction/completionBlock()``): a
/// `() -> Void`.
public let kCATransactionCompletionBlock = "completionBlock"

/// Groups changes to layer trees into atomic updates, as QuartzCore's class: the duration and
/// timing of the implicit animations they trigger, whether they trigger any, and a block called
/// when their animations have completed.
///
/// Apple: "Core Animation supports two types of transactions: implicit transactions and explicit
/// transactions. Implicit transactions are created automatically when the layer tree is modified
/// by a thread without an active transaction and are committed automatically when the thread’s
/// runloop next iterates. Explicit transactions occur when the application sends the
/// CATransaction class a begin() message before modifying the layer tree, and a commit() message
/// afterwards." Transactions belong to a thread ("Begin a new transaction for the current
/// thread") and nest.
///
/// ## The implicit transaction without a run loop
///
/// A headless program has no run loop; the explicit clock takes its place. The implicit
/// transaction of a thread is committed when that thread calls ``flush()`` or advances an
/// ``AnimationClock`` (``AnimationClock/advance(to:)`` flushes before the time moves), once any
/// explicit transactions open then have committed. A frame is then:
///
/// ```swift
/// box.opacity = 0                       // a shown layer: animates from its current value
/// clock.advance(to: clock.time + 1.0 / 60)  // commits: the implicit transaction ends here
/// renderer.render(root, at: clock.time, into: pixmap)
/// ```
///
/// An animation an action adds begins at "now", the clock's time when the property changes:
/// that is the time of the commit, as the clock does not move until the next frame. Completion
/// blocks are called by the clock, on the thread that advances it, when it passes the end of
/// the animations they wait for. So the same program gives the same frames every time it runs.
///
/// Without a clock, "now" is ``CACurrentMediaTime()`` and nothing sees animations end: completion
/// blocks waiting for animations are then never called.
///
/// ## Values
///
/// "Nested transactions have nested data scope. Requesting a value for a key first searches the
/// innermost scope, then the enclosing transactions"; "setting a key always sets it in the
/// innermost scope." Setting a value when no transaction is open begins the implicit one.
/// What a nested transaction sets ends with it, and the enclosing values apply again.
open class CATransaction: NSObject {
    /// Begins a transaction for the current thread, "nested within the thread’s current
    /// transaction, if there is one."
    public class func begin() {
        ThreadTransactions.forCurrentThread.begin()
    }

    /// Commits the current thread's innermost explicit transaction: its values end, and its
    /// completion block is called now if no animation it waits for is running. Without an
    /// explicit transaction it does nothing (QuartzCore raises an exception).
    public class func commit() {
        ThreadTransactions.current?.commit()
    }

    /// Commits the current thread's implicit transaction. As Apple documents, it "delays the
    /// commit until any nested explicit transactions have completed." Apple: "If your application
    /// does not have a runloop, you must call this method explicitly": ``AnimationClock`` calls it
    /// whenever it advances.
    public class func flush() {
        ThreadTransactions.current?.flush()
    }

    // MARK: The lock

    /// The lock of ``lock()``: recursive, one for the process.
    private static let modelLock = NSRecursiveLock()

    /// Takes the transaction lock, "a recursive spin-lock" in Apple's words, "ensuring that
    /// returned layer values are valid until unlocked": code that reads, changes and sets layer
    /// values from several threads takes it around each such sequence. It is one recursive lock
    /// for the process; Tessera's layers do not take it themselves, so it excludes only the code
    /// that calls it (as in QuartzCore, where the lock is cooperative). Each call is balanced
    /// by an ``unlock()`` on the same thread.
    public class func lock() {
        modelLock.lock()
    }

    /// Releases the transaction lock taken by ``lock()`` on this thread.
    public class func unlock() {
        modelLock.unlock()
    }

    // MARK: Values

    /// The value of `key` in the innermost transaction that set it; nil when none did.
    public class func value(forKey key: String) -> Any? {
        ThreadTransactions.current?.value(forKey: key)
    }

    /// Sets `key` in the innermost transaction (the implicit one when none is open). Setting
    /// ``kCATransactionCompletionBlock`` is ``setCompletionBlock(_:)``.
    public class func setValue(_ anObject: Any?, forKey key: String) {
        ThreadTransactions.forCurrentThread.setValue(anObject, forKey: key)
    }

    /// The duration of the animations that property changes trigger: the innermost
    /// ``kCATransactionAnimationDuration``, or 0.25 s, Core Animation's default.
    public class func animationDuration() -> CFTimeInterval {
        number(value(forKey: kCATransactionAnimationDuration)) ?? 0.25
    }

    /// Sets the duration of the animations that property changes trigger in this transaction
    /// (stored as an `NSNumber` under ``kCATransactionAnimationDuration``).
    public class func setAnimationDuration(_ dur: CFTimeInterval) {
        setValue(NSNumber(value: dur), forKey: kCATransactionAnimationDuration)
    }

    /// The timing function of the animations that property changes trigger; nil when no
    /// transaction set one. The implicit animations then use the `default` function, as in
    /// Core Animation (see ``CALayer/action(forKey:)``).
    public class func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the timing function of the animations that property changes trigger in this
    /// transaction.
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes run no actions (false by default): while true, changing a layer
    /// property neither looks up nor runs its action, so it triggers no implicit animation.
    public class func disableActions() -> Bool {
        // Asked at every change of a presented layer, mostly with no transaction open: then no
        // value to look up and cast.
        guard ThreadTransactions.current?.groups.isEmpty == false else { return false }
        return switch value(forKey: kCATransactionDisableActions) {
        case let flag as Bool: flag
        case let number as NSNumber: number.boolValue
        default: false
        }
    }

    /// Turns actions off (or on again) for the property changes of this transaction, as seed 000
    /// does around layout: `CATransaction.begin()`, `setDisableActions(true)`, …,
    /// `CATransaction.commit()`.
    public class func setDisableActions(_ flag: Bool) {
        setValue(NSNumber(value: flag), forKey: kCATransactionDisableActions)
    }

    /// The completion block of the innermost transaction that set one.
    public class func completionBlock() -> (() -> Void)? {
        value(forKey: kCATransactionCompletionBlock) as? () -> Void
    }

    /// Sets the completion block of the innermost transaction, "called … as soon as all
    /// animations subsequently added by this transaction group have completed (or have been
    /// removed.) If no animations are added before the current transaction group is committed
    /// (or the completion block is set to a different value,) the block will be invoked
    /// immediately."
    ///
    /// Animations added in transactions nested in this one count too. An animation completes
    /// when the clock advances past its end (its delegate hears `animationDidStop` first); one
    /// that repeats forever never does. The block is called once, on the thread that commits the
    /// transaction or advances the clock; a change it makes belongs to the enclosing transaction,
    /// or to a new implicit one.
    public class func setCompletionBlock(_ block: (() -> Void)?) {
        setValue(block, forKey: kCATransactionCompletionBlock)
    }

    /// A number stored as an `NSNumber` or a Swift number.
    private class func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: number.doubleValue
        case let double as Double: double
        case let float as Float: Double(float)
        case let cgFloat as CGFloat: Double(cgFloat)
        case let int as Int: Double(int)
        default: nil
        }
    }
}

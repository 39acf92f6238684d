/// Keeps `value` alive until the process exits, never freeing it: `tessera render` is about to
/// exit, and tearing down a large layer tree and the document it came from (a Lottie animation's
/// layers, animations and keyframes) frees every object one at a time, which the exit does at once
/// by unmapping the memory. clang skips freeing its ASTs the same way (-disable-free). Only the
/// command-line tool does this; the library frees everything as usual.
func keepUntilExit(_ value: Any) {
    final class Kept {
        let value: Any
        init(_ value: Any) { self.value = value }
    }
    _ = Unmanaged.passRetained(Kept(value))
}

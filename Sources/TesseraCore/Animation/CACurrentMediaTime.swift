#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A time interval in seconds, as CoreFoundation's `CFTimeInterval`.
public typealias CFTimeInterval = Double

/// The current absolute time in seconds, from a monotonic clock, as QuartzCore's function.
///
/// For ported code only: Tessera itself runs on explicit times (an ``AnimationClock`` or
/// `presentation(at:)`), so that a frame rendered twice gives the same pixels.
public func CACurrentMediaTime() -> CFTimeInterval {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

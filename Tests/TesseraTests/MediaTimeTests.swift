import Testing
import Tessera

@Suite struct MediaTimeTests {
    /// A monotonic clock in seconds: never goes back.
    @Test func currentMediaTimeIsMonotonic() {
        let first = CACurrentMediaTime()
        var previous = first
        for _ in 0..<1000 {
            let now = CACurrentMediaTime()
            #expect(now >= previous)
            previous = now
        }
        #expect(first > 0)
    }
}

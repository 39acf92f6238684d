import Foundation
import Testing
import TesseraRaster
@testable import Tessera
import TesseraDemos

/// Rendering frame after frame reuses its buffers: resident memory does not grow.
@Suite struct RenderMemoryTests {
    /// Resident memory in bytes (Linux's /proc/self/statm); nil elsewhere.
    static func residentBytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// 10,000 consecutive frames of a scene with a replicator whose instances are evaluated
    /// apart, groups and strokes, on two threads: after the first 500 (buffers grown), resident
    /// memory grows by less than 4 MB (a leak of even 1 KB a frame would be 9.5 MB).
    @Test func tenThousandFramesDoNotGrowMemory() throws {
        let demo = try #require(DemoScene.named("message-dots"))
        let root = demo.build()
        let clock = AnimationClock(time: 0)
        clock.attach(root)
        let renderer = LayerRenderer(threadCount: 2)
        let pixmap = try Pixmap(width: 150, height: 100)
        func frame() {
            clock.advance(by: 1.0 / 60)
            renderer.render(root, at: clock.time, into: pixmap)
        }
        for _ in 0..<500 { frame() }
        guard let before = Self.residentBytes() else { return }
        for _ in 500..<10_000 { frame() }
        let after = try #require(Self.residentBytes())
        #expect(after - before < 4 << 20, "grew by \(after - before) bytes")
    }
}

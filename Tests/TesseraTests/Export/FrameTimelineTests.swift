import Testing
import Tessera

/// Frame counts and times of a render.
@Suite struct FrameTimelineTests {
    @Test func durationGivesTheFramesOfTheHalfOpenSpan() {
        #expect(FrameTimeline(duration: 2, framesPerSecond: 30).frameCount == 60)
        #expect(FrameTimeline(duration: 0.1, framesPerSecond: 30).frameCount == 3)   // 3.0000000000000004 is 3
        #expect(FrameTimeline(duration: 0.61, framesPerSecond: 30).frameCount == 19)
        #expect(FrameTimeline(duration: 0, framesPerSecond: 30).frameCount == 1)
        #expect(FrameTimeline(duration: -3, framesPerSecond: 30).frameCount == 1)
        #expect(FrameTimeline(duration: .infinity, framesPerSecond: 30).frameCount == 1)
        #expect(FrameTimeline(duration: 1e12, framesPerSecond: 30).frameCount == FrameTimeline.maximumFrameCount)
    }

    @Test func timesStartAtStartOneFrameApart() {
        let timeline = FrameTimeline(start: -0.5, frameCount: 4, framesPerSecond: 4)
        #expect((0..<4).map(timeline.time(ofFrame:)) == [-0.5, -0.25, 0, 0.25])
        #expect(timeline.duration == 1)
    }

    @Test func clamps() {
        let timeline = FrameTimeline(start: .nan, frameCount: 0, framesPerSecond: 5000)
        #expect(timeline.start == 0 && timeline.frameCount == 1 && timeline.framesPerSecond == 1000)
    }
}

import Testing
import TesseraRaster

/// The task graph a frame records for `bench --predict`: what waits for what.
struct FrameTaskRecorderTests {
    /// Whether task `later` waits, directly or through others, for task `earlier`.
    static func waits(_ tasks: [FrameTaskRecorder.Task], _ later: Int, for earlier: Int) -> Bool {
        tasks[later].dependencies.contains { $0 == earlier || waits(tasks, $0, for: earlier) }
    }

    @Test func itemsOfAStepWaitForWhatCameBeforeAndNotForEachOther() {
        let recorder = FrameTaskRecorder()
        recorder.beginFrame()
        recorder.serial("setup") {}
        for _ in 0..<3 {
            recorder.item("work") {
                recorder.serial("inner") {}  // inside a task: part of it
            }
        }
        recorder.endParallel()
        recorder.serial("finish") {}
        recorder.endFrame()
        let tasks = recorder.tasks
        #expect(tasks.map(\.stage).filter { $0 != "other" } == ["setup", "work", "work", "work", "finish"])
        let setup = tasks.firstIndex { $0.stage == "setup" }!, finish = tasks.firstIndex { $0.stage == "finish" }!
        let items = tasks.indices.filter { tasks[$0].stage == "work" }
        for item in items {
            #expect(Self.waits(tasks, item, for: setup))
            #expect(Self.waits(tasks, finish, for: item))
            #expect(!items.contains { Self.waits(tasks, item, for: $0) })
        }
        #expect(tasks.indices.allSatisfy { i in tasks[i].dependencies.allSatisfy { $0 < i } })
    }

    @Test func timeOutsideTasksGoesToTheStageUnderWayAndConcurrentWorkRunsAsItems() {
        let recorder = FrameTaskRecorder(plannedThreadCount: 16)
        let optional: FrameTaskRecorder? = recorder
        #expect(optional.plannedThreadCount(otherwise: 2) == 16)
        #expect((nil as FrameTaskRecorder?).plannedThreadCount(otherwise: 2) == 2)
        recorder.beginFrame()
        recorder.during("walk") {
            var spin = 0
            for i in 0..<100_000 { spin &+= i }   // time of the walk's own, outside any task
            #expect(spin > 0)
            optional.concurrentPerform(iterations: 4, stage: "run") { _ in }
        }
        recorder.endFrame()
        // Stage other: the instants between beginFrame and the walk, and after it.
        let stages = recorder.tasks.map(\.stage).filter { $0 != "other" }
        #expect(stages.first == "walk")
        #expect(stages.filter { $0 == "run" }.count == 4)
        let walk = recorder.tasks.first { $0.stage == "walk" }!
        #expect(walk.nanoseconds > 0)
    }

    /// A parallel step inside a task splits it, as the workers run it: the part before, the
    /// step's items after it, and the part after them; the next step waits for that last part.
    @Test func aStepInsideAnItemSplitsIt() {
        let recorder = FrameTaskRecorder()
        let optional: FrameTaskRecorder? = recorder
        recorder.beginFrame()
        for run in 0..<2 {
            recorder.item("run") {
                guard run == 0 else { return }
                optional.concurrentPerform(iterations: 3, stage: "blur") { _ in
                    recorder.serial("deeper") {}   // deeper: part of its item
                }
            }
        }
        recorder.endParallel()
        recorder.serial("after") {}
        recorder.endFrame()
        let tasks = recorder.tasks
        let named = tasks.indices.filter { tasks[$0].stage != "other" }
        #expect(named.map { tasks[$0].stage } == ["run", "blur", "blur", "blur", "run", "run", "after"])
        let (before, blurs, rest, other, after) = (named[0], Array(named[1...3]), named[4], named[5], named[6])
        for blur in blurs {
            #expect(tasks[blur].dependencies == [before])
            #expect(Self.waits(tasks, rest, for: blur))
        }
        // The other run waits for none of the first one's parts; what follows waits for all.
        #expect(![before, rest].contains { Self.waits(tasks, other, for: $0) } && !blurs.contains { Self.waits(tasks, other, for: $0) })
        #expect(Self.waits(tasks, after, for: rest) && Self.waits(tasks, after, for: other))
        #expect(!Self.waits(tasks, after, for: before) || Self.waits(tasks, rest, for: before))
        #expect(tasks.indices.allSatisfy { i in tasks[i].dependencies.allSatisfy { $0 < i } })
    }

    @Test func nothingIsRecordedOutsideAFrame() {
        let recorder = FrameTaskRecorder()
        recorder.serial("setup") {}
        #expect(recorder.tasks.isEmpty)
    }

    @Test func aCanvasRecordsChunksBinningAndOneItemPerBand() throws {
        let canvas = Canvas(threadCount: 1)
        let recorder = FrameTaskRecorder()
        canvas.taskRecorder = recorder
        let pixmap = try Pixmap(width: 100, height: 100)
        canvas.fill(Path(rect: Rect(x: 10, y: 10, width: 50, height: 50)), paint: .solid(.black))
        recorder.beginFrame()
        canvas.render(into: pixmap)
        recorder.endFrame()
        let stages = recorder.tasks.map(\.stage).filter { $0 != "other" }
        // One chunk of commands (no groups: no group extents); the binning's counts, places and
        // lists; 100 rows in bands of 64 (one thread): 2 bands.
        #expect(stages == ["geometry", "binning", "binning", "binning"] + Array(repeating: "rasterization", count: 2))
    }

    /// A blur while a frame is recorded is split for the planned thread count, each part an item
    /// of the drawing walk (as it would run on that many threads), and draws the same bytes.
    @Test func aBlurRecordsOneItemPerPlannedPart() throws {
        let source = try Pixmap(width: 64, height: 64)
        for y in 20..<40 { source.row(y).update(repeating: 0xFF00_00FF, count: 64) }
        let blur = GaussianBlur(sigmaX: 3, sigmaY: 3)
        let alone = try source.blurred(by: blur, threadCount: 1)
        let recorder = FrameTaskRecorder(plannedThreadCount: 4)
        recorder.beginFrame()
        let recorded = try source.blurred(by: blur, threadCount: 1, recorder: recorder)
        recorder.endFrame()
        // Rows in 4 parts, then (after the time between them) columns in 4 parts.
        let tasks = recorder.tasks
        #expect(tasks.map(\.stage) == ["other"] + Array(repeating: "drawing walk", count: 4) + ["other"]
                + Array(repeating: "drawing walk", count: 4) + ["other"])
        #expect(tasks[5].dependencies == [1, 2, 3, 4])
        #expect(tasks[6...9].allSatisfy { $0.dependencies == [5] })
        for y in 0..<alone.height {
            #expect(Array(UnsafeBufferPointer(start: alone.row(y), count: alone.width))
                    == Array(UnsafeBufferPointer(start: recorded.row(y), count: recorded.width)))
        }
    }
}

import Testing

@testable import TesseraRaster

/// The rows per band a frame is cut into: the preferred heights, in whole rounds of the threads
/// where the target has room for them, and never taller than the workers' scratch rows.
struct BandHeightTests {
    @Test func oneThreadKeepsTheTallestBands() {
        for height in [1, 63, 64, 65, 1080, 4096] {
            #expect(BandRenderer.bandHeight(forThreads: 1, height: height) == BandRenderer.maximumBandHeight)
        }
    }

    /// A full-HD frame: 18 bands of 60 rows on 2 threads (17 of 64 left one thread a band alone),
    /// 36 of 30 on 4, 72 of 15 on 8, 64 of 17 on 16 (68 of 16 took a fifth round for 4 bands).
    @Test func fullHDComesInWholeRounds() {
        for (threads, rows) in [(2, 60), (4, 30), (8, 15), (16, 17)] {
            let height = BandRenderer.bandHeight(forThreads: threads, height: 1080)
            #expect(height == rows)
            #expect((1080 + height - 1) / height % threads == 0)
        }
    }

    /// A target with fewer preferred bands than threads keeps them: shorter ones would add set-up
    /// and no round.
    @Test func smallTargetsKeepThePreferredHeight() {
        #expect(BandRenderer.bandHeight(forThreads: 2, height: 50) == 64)
        #expect(BandRenderer.bandHeight(forThreads: 16, height: 200) == 16)
        #expect(BandRenderer.bandHeight(forThreads: 4, height: 96) == 32)
    }

    @Test func everyHeightFitsTheScratchRows() {
        for threads in 1...33 {
            for height in stride(from: 1, through: 4400, by: 7) {
                let rows = BandRenderer.bandHeight(forThreads: threads, height: height)
                #expect(rows >= 1 && rows <= BandRenderer.maximumBandHeight, "\(threads) threads, \(height) rows: \(rows)")
            }
        }
    }
}

import ArgumentParser
import BenchTracking

/// `--max-memory-growth`: prints how resident memory moved over each result's timed frames and
/// fails the run when it grew by more than the limit (a leak, or buffers not reused).
struct MemoryCheck {
    let limitMB: Double

    func verify(_ results: [SceneResult]) throws {
        print("")
        var failed = 0
        for result in results {
            guard let growth = result.memoryGrowthBytes else {
                print("memory: \(result.scene) @ \(result.threads): resident memory not available here")
                continue
            }
            let mb = Double(growth) / 1_048_576
            let over = mb > limitMB
            if over { failed += 1 }
            print(
                "memory: \(result.scene) @ \(result.threads) threads: \(Format.fixed(mb, 2)) MB over \(result.frames) frames"
                    + (over ? "  (over \(limitMB) MB)" : "")
            )
        }
        if failed > 0 {
            printError("error: resident memory grew by more than \(limitMB) MB in \(failed) result(s)")
            throw ExitCode(1)
        }
    }
}

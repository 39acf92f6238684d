import BenchTracking
import Foundation
import Testing

struct BenchReportTests {
    @Test func aResultKeepsEverySampleAndItsStatistics() {
        let result = SceneResult(scene: "s", threads: 2, samplesMs: [4, 1, 3, 2, 10])
        #expect(result.samplesMs == [4, 1, 3, 2, 10])
        #expect(result.medianMs == 3)
        #expect(result.minMs == 1 && result.maxMs == 10)
        #expect(result.p90Ms == 7.6)  // between the 4th (4) and 5th (10) of five: 4 + 0.6 · 6
        #expect(result.fps == 333.333)
    }

    @Test func aReportReadsBackAsWritten() throws {
        var result = SceneResult(scene: "layer-tree", threads: 1, samplesMs: [8.5, 8.25])
        result.pixelHash = "00ff00ff00ff00ff"
        result.instructionsPerFrame = 117_861_234
        result.stages = [StageResult(stage: "evaluation", samplesMs: [1, 2])]
        let machine = MachineFingerprint(cpu: "CPU", cores: 2, simd: "avx2", swiftCompiler: "6.3", configuration: "release",
                                         system: "Linux 6.1")
        let report = BenchReport(commit: "abc1234", date: "2026-12-04T10:00:00Z", machine: machine, warmup: 3, results: [result])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-report-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try report.write(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // snake_case keys, as the peers' harness reads them.
        #expect(text.contains("\"median_ms\" : 8.375") && text.contains("\"pixel_hash\" : \"00ff00ff00ff00ff\""))
        let back = try BenchReport.read(from: path)
        #expect(back.results == [result])
        #expect(back.fingerprint == machine)
    }

    @Test func aFormatOneFileComparesOnItsMedians() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-v1-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
            {"commit": "0a0bfb3", "cores": 2, "cpu": "AMD EPYC", "format": 1, "results": [
              {"fps": 80, "frames": 20, "max_ms": 13, "median_ms": 12.5, "min_ms": 12, "scene": "fill-polygons", "threads": 1}]}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let report = try BenchReport.read(from: path)
        #expect(report.results[0].comparableSamples == [12.5])
        #expect(report.fingerprint.cpu == "AMD EPYC")
    }

    @Test func theFingerprintNamesWhatDiffers() {
        let a = MachineFingerprint(cpu: "A", cores: 2, simd: "avx2", swiftCompiler: "6.3", configuration: "release", system: nil)
        var b = a
        b.simd = "sse2"
        #expect(b.differences(from: a) == ["simd: avx2 → sse2"])
    }

    @Test func pixelHashIsFNV1aOverTheSizeAndBytes() {
        // FNV-1a 64 of the little-endian 64-bit width and height (1, 1) then the pixel 01 02 03 04,
        // computed apart (Python, with the published offset basis and prime).
        var hash = PixelHash(width: 1, height: 1)
        [UInt8]([1, 2, 3, 4]).withUnsafeBytes { hash.combine($0) }
        #expect(hash.hexDigest == "72f1aab31b792d7d")
        var other = PixelHash(width: 1, height: 1)
        [UInt8]([1, 2, 3, 5]).withUnsafeBytes { other.combine($0) }
        #expect(other.hexDigest != hash.hexDigest)
    }
}

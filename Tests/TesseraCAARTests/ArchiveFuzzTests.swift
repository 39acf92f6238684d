import Foundation
import Testing
import BenchScenes   // SplitMix64: seeded, the same on every platform
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

extension ArchiveTests {
    /// Random corruptions of a real archive: every one either decodes or throws a typed error,
    /// through the property list reader, the keyed archive envelope and a walk of the whole graph.
    @Suite struct ArchiveFuzzTests {
        @Test func randomByteChangesToARealArchive() throws {
            let original = try fixtureBytes("Checkmark")
            var generator = SplitMix64(seed: 0x7E55_E4A0)
            var outcomes = (decoded: 0, plistErrors: 0, archiveErrors: 0)
            for _ in 0..<5000 {
                var bytes = original
                // One to four bytes replaced, biased towards the trailer and the offset table,
                // where a change breaks the most.
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let position = Bool.random(using: &generator)
                        ? Int.random(in: 0..<bytes.count, using: &generator)
                        : bytes.count - 1 - Int.random(in: 0..<(bytes.count / 4), using: &generator)
                    bytes[position] = UInt8.random(in: 0...255, using: &generator)
                }
                do {
                    let archive = try KeyedArchive(bytes: bytes)
                    _ = try canonicalDump(of: archive)
                    outcomes.decoded += 1
                } catch KeyedArchiveError.propertyList {
                    outcomes.plistErrors += 1
                } catch is KeyedArchiveError {
                    outcomes.archiveErrors += 1
                }
            }
            // The corruptions reach every layer: some files still read, some fail in the plist,
            // some in the object graph.
            #expect(outcomes.decoded > 0 && outcomes.plistErrors > 0 && outcomes.archiveErrors > 0)
        }

        /// Random bytes after a valid header: random trailers, offsets and markers.
        @Test func randomFiles() {
            var generator = SplitMix64(seed: 42)
            for _ in 0..<2000 {
                let length = Int.random(in: 0..<200, using: &generator)
                let bytes = Array("bplist00".utf8) + (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                _ = try? BinaryPropertyList.decode(bytes)  // a value or a typed error: no trap
            }
        }
    }
}

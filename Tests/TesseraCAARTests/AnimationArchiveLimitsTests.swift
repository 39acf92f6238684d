import Foundation
import Testing
import BenchScenes   // SplitMix64: seeded, the same on every platform
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCore

extension ArchiveTests {
    /// Files built to exhaust the stack, the time or the memory of the loader, and random
    /// corruptions of the real files: each loads or is a typed error.
    @Suite struct AnimationArchiveLimitsTests {
        private func malformedReason(_ data: Data) -> String? {
            do {
                _ = try SceneDocument(archiveData: data)
                return nil
            } catch {
                guard case .malformedObjectGraph(let reason) = error else { return "\(error)" }
                return reason
            }
        }

        /// A chain of `depth` layers, each the only sublayer of the previous one.
        private func chain(_ depth: Int) throws -> Data {
            var b = Builder()
            var layer = try b.object(Builder.layer, [])
            for _ in 1..<depth { layer = try b.object(Builder.layer, [("sublayers", try b.array([layer]))]) }
            return try b.document(layer)
        }

        @Test func deepLayerTrees() throws {
            var depth = 0
            var layer: CALayer? = try SceneDocument(archiveData: try chain(129)).rootLayer
            while let current = layer {
                depth += 1
                layer = current.sublayers?.first
            }
            #expect(depth == 129, "the limit is 128 levels below the root")
            #expect(malformedReason(try chain(130))?.hasSuffix("objects nested more than 128 deep") == true)
            #expect(malformedReason(try chain(5000))?.hasSuffix("objects nested more than 128 deep") == true)
        }

        @Test func deepValues() throws {
            var b = Builder()
            var value = ArchiveFieldValue.integer(1)
            for _ in 0..<300 { value = try b.array([value]) }
            let animation = try b.object(Builder.basicAnimation, [("keyPath", .string("opacity")), ("toValue", value)])
            let data = try b.document(try b.object(Builder.layer, [
                ("CALayerAnimations", .reference(try b.writer.addArray([animation]))),
            ]))
            #expect(malformedReason(data)?.hasSuffix("objects nested more than 128 deep") == true)
        }

        /// A group holding the same group twice, forty levels deep: 2⁴⁰ animations if decoded
        /// naively, refused after a few thousand visits.
        @Test func sharedGroupsDoNotMultiplyWork() throws {
            var b = Builder()
            var animation = try b.object(Builder.basicAnimation, [("keyPath", .string("opacity"))])
            for _ in 0..<40 {
                animation = try b.object(Builder.group, [("animations", try b.array([animation, animation]))])
            }
            let data = try b.document(try b.object(Builder.layer, [("CALayerAnimations", .reference(try b.writer.addArray([animation])))]))
            let clock = ContinuousClock()
            let start = clock.now
            #expect(malformedReason(data)?.contains("the archive refers to its objects more often than its size allows") == true)
            #expect(clock.now - start < .seconds(5))
        }

        @Test func sharedArraysDoNotMultiplyWork() throws {
            var b = Builder()
            var value = ArchiveFieldValue.real(1)
            for _ in 0..<60 { value = try b.array([value, value]) }
            let keyframes = try b.object(ArchiveClass("CAKeyframeAnimation", superclasses: ["CAPropertyAnimation", "CAAnimation", "NSObject"]), [
                ("keyPath", .string("lineDashPattern")), ("values", value),
            ])
            let data = try b.document(try b.object(Builder.shapeLayer, [("CALayerAnimations", .reference(try b.writer.addArray([keyframes])))]))
            #expect(malformedReason(data)?.contains("the archive refers to its objects more often than its size allows") == true)
        }

        /// Every prefix of a real archive: a typed error (or, for the whole file, the archive).
        @Test func everyPrefixOfARealArchive() throws {
            let bytes = try fixtureBytes("Checkmark")
            var loaded = 0
            for length in 0...bytes.count {
                if (try? SceneDocument(archiveData: Data(bytes[..<length]))) != nil { loaded += 1 }
            }
            #expect(loaded == 1)
        }

        /// Random byte changes to the real archives reach every layer of the loader; each file
        /// loads or is a typed error.
        @Test(arguments: ["Checkmark", "Emoji"])
        func randomCorruptions(_ name: String) throws {
            let original = try fixtureBytes(name)
            var generator = SplitMix64(seed: 0xCAA2_0006)
            var loaded = 0, failures: [String: Int] = [:]
            for _ in 0..<1000 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                do {
                    let archive = try SceneDocument(archiveData: Data(bytes))
                    _ = archive.rootLayer.presentation(at: 0.5)
                    _ = try archive.archiveData()
                    loaded += 1
                } catch {
                    let kind = "\(error)".prefix(while: { $0 != ":" })
                    failures[String(kind), default: 0] += 1
                }
            }
            #expect(loaded > 0 && failures.count >= 2, "loaded \(loaded), failures \(failures)")
        }
    }
}

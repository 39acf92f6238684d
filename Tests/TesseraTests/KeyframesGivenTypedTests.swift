import Foundation
import Testing
@testable import TesseraCore

/// `CAKeyframeAnimation.setKeyframes(values:read:keyTimes:)`: a reader of the package (Lottie)
/// gives the values typed as well and the key times as fractions; the animation runs as if they
/// had been set through the API, and the API hands them out as it took them.
@Suite struct KeyframesGivenTypedTests {
    /// Opacity 0 → 1 → 0.5 at key times 0, 0.25, 1, read at 0.125, 0.625 and 1.
    static let times = [0.0, 0.25, 1]
    static let checks: [(t: Double, opacity: Float)] = [(0.125, 0.5), (0.625, 0.75), (1, 0.5)]

    @Test func typedKeyframesAnimateAsTheAPIsDo() throws {
        let given = CAKeyframeAnimation(keyPath: "opacity")
        given.setKeyframes(values: [0.0, 1.0, 0.5], read: [.number(0), .number(1), .number(0.5)], keyTimes: Self.times)
        let set = CAKeyframeAnimation(keyPath: "opacity")
        set.values = [0.0, 1.0, 0.5]
        set.keyTimes = Self.times.map { NSNumber(value: $0) }
        for (t, opacity) in Self.checks {
            #expect(abs(try KeyframeModeTests.presented(given, at: t).opacity - opacity) < 1e-6, "t = \(t)")
            #expect(abs(try KeyframeModeTests.presented(set, at: t).opacity - opacity) < 1e-6, "t = \(t)")
        }
        #expect(given.keyTimes?.map(\.doubleValue) == Self.times)
        let copy = try #require(given.copy() as? CAKeyframeAnimation)
        #expect(copy.keyTimes?.map(\.doubleValue) == Self.times)
        #expect(copy.readValues == given.readValues)
    }

    /// Adding the animation reads the typed values, not the `Any`s (here made to differ).
    @Test func theTypedValuesAreTheOnesRead() throws {
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.setKeyframes(values: [0.0, 1.0, 0.5], read: [.number(1), .number(0), .number(0)], keyTimes: Self.times)
        #expect(abs(try KeyframeModeTests.presented(fade, at: 0.125).opacity - 0.5) < 1e-6)
        #expect(abs(try KeyframeModeTests.presented(fade, at: 0.625).opacity) < 1e-6)
    }

    /// The typed values are the model's reading of `values`: setting `values` again drops them.
    @Test func settingValuesDropsTheTypedOnes() throws {
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.setKeyframes(values: [0.0, 1.0, 0.5], read: [.number(0), .number(1), .number(0.5)], keyTimes: Self.times)
        fade.values = [1.0, 0.0, 0.0]
        #expect(fade.readValues == nil)
        #expect(abs(try KeyframeModeTests.presented(fade, at: 0.125).opacity - 0.5) < 1e-6)
        #expect(abs(try KeyframeModeTests.presented(fade, at: 0.625).opacity) < 1e-6)
    }

    /// Typed values of another kind than the key path's are read from the `Any`s instead.
    @Test func typedValuesOfTheWrongKindAreReadFromTheValues() throws {
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.setKeyframes(values: [0.0, 1.0, 0.5], read: [.bool(false), .bool(true), .bool(true)], keyTimes: Self.times)
        for (t, opacity) in Self.checks {
            #expect(abs(try KeyframeModeTests.presented(fade, at: t).opacity - opacity) < 1e-6, "t = \(t)")
        }
    }
}

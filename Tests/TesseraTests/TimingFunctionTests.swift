import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

@Suite struct TimingFunctionTests {
    /// The four points of a function, read through `getControlPoint(at:values:)`.
    private func points(_ function: CAMediaTimingFunction) -> [[Float]] {
        (0..<4).map { index in
            var point: [Float] = [.nan, .nan]
            function.getControlPoint(at: index, values: &point)
            return point
        }
    }

    /// An independent solve: bisection of x(t) = x in Bernstein form to 1e-15, then y(t).
    private func reference(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ x: Double) -> Double {
        func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
        }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<200 where high - low > 1e-15 {
            let middle = (low + high) / 2
            if bezier(c1x, c2x, middle) < x { low = middle } else { high = middle }
        }
        return bezier(c1y, c2y, (low + high) / 2)
    }

    @Test func namedFunctionsHaveApplesControlPoints() {
        let expected: [(CAMediaTimingFunctionName, [Float])] = [
            (.linear, [0, 0, 1, 1]),
            (.easeIn, [0.42, 0, 1, 1]),
            (.easeOut, [0, 0, 0.58, 1]),
            (.easeInEaseOut, [0.42, 0, 0.58, 1]),
            (.default, [0.25, 0.1, 0.25, 1]),
        ]
        for (name, c) in expected {
            let read = points(CAMediaTimingFunction(name: name))
            #expect(read == [[0, 0], [c[0], c[1]], [c[2], c[3]], [1, 1]], "\(name.rawValue)")
        }
    }

    @Test func namesKeepApplesStringsAndOldConstantsWork() {
        #expect(CAMediaTimingFunctionName.linear.rawValue == "linear")
        #expect(CAMediaTimingFunctionName.easeIn.rawValue == "easeIn")
        #expect(CAMediaTimingFunctionName.easeOut.rawValue == "easeOut")
        #expect(CAMediaTimingFunctionName.easeInEaseOut.rawValue == "easeInEaseOut")
        #expect(CAMediaTimingFunctionName.default.rawValue == "default")
        #expect(CAMediaTimingFunctionName("easeIn") == .easeIn)
        #expect(CAMediaTimingFunction(name: kCAMediaTimingFunctionLinear) == CAMediaTimingFunction(name: .linear))
        #expect(CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseIn) == CAMediaTimingFunction(name: .easeIn))
        #expect(CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseOut) == CAMediaTimingFunction(name: .easeOut))
        #expect(CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
                == CAMediaTimingFunction(name: .easeInEaseOut))
        #expect(CAMediaTimingFunction(name: kCAMediaTimingFunctionDefault) == CAMediaTimingFunction(name: .default))
        // An unknown name is linear.
        #expect(CAMediaTimingFunction(name: CAMediaTimingFunctionName("bouncy")) == CAMediaTimingFunction(name: .linear))
    }

    @Test func equalityIsByControlPoints() {
        let a = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1)
        let b = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(a.isEqual(b))
        #expect(a.hash == b.hash)
        #expect(!a.isEqual(CAMediaTimingFunction(name: .easeIn)))
        #expect(!a.isEqual("easeInEaseOut"))
        #expect(Set([a, b, CAMediaTimingFunction(name: .linear)]).count == 2)
        #expect(a.curve == TimingCurve.easeInEaseOut)
    }

    @Test func invalidIndexWritesNothing() {
        let function = CAMediaTimingFunction(name: .easeIn)
        var point: [Float] = [7, 7]
        function.getControlPoint(at: 4, values: &point)
        function.getControlPoint(at: -1, values: &point)
        #expect(point == [7, 7])
    }

    @Test func endpointsAreExact() {
        let curves: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default,
                                     TimingCurve(c1x: 0.1, c1y: -0.6, c2x: 0.2, c2y: 1.8)]
        for curve in curves {
            #expect(curve.evaluate(0) == 0)
            #expect(curve.evaluate(1) == 1)
            #expect(curve.evaluate(-0.25) == 0)     // input clamped to [0, 1]
            #expect(curve.evaluate(1.5) == 1)
            #expect(curve.evaluate(.nan) == 0)
        }
    }

    @Test func linearIsTheIdentity() {
        let linear = CAMediaTimingFunction(name: .linear)
        for i in 0...1000 {
            let x = Double(i) / 1000
            #expect(linear.evaluate(x) == x)
            #expect(TimingCurve.linear.evaluate(x) == x)
        }
        #expect(linear.evaluate(0.123456789) == 0.123456789)
    }

    @Test func sampledCurvesAreMonotonic() {
        for curve in [TimingCurve.easeIn, .easeOut, .easeInEaseOut, .default,
                      TimingCurve(c1x: 1, c1y: 0, c2x: 0, c2y: 1)] {
            var previous = 0.0
            for i in 1...2000 {
                let y = curve.evaluate(Double(i) / 2000)
                #expect(y >= previous - 1e-12, "\(curve) at \(i)")
                previous = y
            }
        }
    }

    @Test func evaluationMatchesAnIndependentSolve() {
        let curves: [(Double, Double, Double, Double)] = [
            (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1),
            (0.68, -0.55, 0.265, 1.55), (0, 1, 1, 0), (1, 0, 0, 1), (0.9, 0.1, 0.1, 0.9),
            (0.02, 0.98, 0.03, 0.99),
        ]
        var worst = 0.0
        for (c1x, c1y, c2x, c2y) in curves {
            let curve = TimingCurve(c1x: c1x, c1y: c1y, c2x: c2x, c2y: c2y)
            for i in 0...997 {
                let x = Double(i) / 997
                let difference = abs(curve.evaluate(x) - reference(c1x, c1y, c2x, c2y, x))
                worst = max(worst, difference)
                #expect(difference <= 1e-6, "(\(c1x), \(c1y), \(c2x), \(c2y)) at x = \(x)")
            }
        }
        #expect(worst <= 1e-6)
    }

    @Test func customCurveEvaluatesAndOvershoots() {
        // An ease-out-back style curve: y overshoots above 1 before settling.
        let function = CAMediaTimingFunction(controlPoints: 0.175, 0.885, 0.32, 1.275)
        #expect(points(function)[1] == [0.175, 0.885])
        #expect(points(function)[2] == [0.32, 1.275])
        let samples = (0...100).map { function.evaluate(Double($0) / 100) }
        #expect(samples.max()! > 1.0)
        let c = [0.175, 0.885, 0.32, 1.275].map { Double(Float($0)) }
        #expect(abs(function.evaluate(0.5) - reference(c[0], c[1], c[2], c[3], 0.5)) <= 1e-9)
        // Ease-in is below the diagonal, ease-out above it.
        #expect(CAMediaTimingFunction(name: .easeIn).evaluate(0.5) < 0.5)
        #expect(CAMediaTimingFunction(name: .easeOut).evaluate(0.5) > 0.5)
        #expect(abs(CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.5) - 0.5) < 1e-7)   // Float points
    }

    @Test func controlPointXIsClampedWhenEvaluated() {
        // x outside [0, 1] is kept for getControlPoint but clamped for evaluation.
        let function = CAMediaTimingFunction(controlPoints: -0.5, 0.2, 1.5, 0.8)
        #expect(points(function)[1] == [-0.5, 0.2])
        #expect(points(function)[2] == [1.5, 0.8])
        let (y1, y2) = (Double(Float(0.2)), Double(Float(0.8)))   // stored as Float, as Apple's
        #expect(function.curve == TimingCurve(c1x: 0, c1y: y1, c2x: 1, c2y: y2))
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(abs(function.evaluate(x) - reference(0, y1, 1, y2, x)) <= 1e-9)
        }
    }

    @Test func nonFiniteControlPointsAreReplaced() {
        let function = CAMediaTimingFunction(controlPoints: .nan, .infinity, .nan, -.infinity)
        #expect(points(function) == [[0, 0], [0, 0], [1, 1], [1, 1]])
        #expect(function.evaluate(0.3) == 0.3)
        let curve = TimingCurve(c1x: .infinity, c1y: .nan, c2x: -.infinity, c2y: .infinity)
        #expect(curve == TimingCurve(c1x: 1, c1y: 0, c2x: 0, c2y: 1))
        #expect(curve.evaluate(0.5).isFinite)
    }
}

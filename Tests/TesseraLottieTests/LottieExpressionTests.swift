import Foundation
import Testing
@testable import TesseraLottie

/// Expressions are not evaluated: each layer reports how many of its properties (objects with
/// `k`) have one (a string `x`), wherever they sit in it.
@Suite struct LottieExpressionTests {
    @Test func aLayerCountsThePropertiesWithAnExpression() throws {
        var position = Lottie.value([50, 50])
        position["x"] = "wiggle(2, 10)"
        var color = Lottie.value([1, 0, 0])
        color["x"] = "loopOut()"
        var fill = Lottie.fill([1, 0, 0])
        fill["c"] = color
        // Not counted: `x` that is not a string, and a string `x` outside a property.
        var opacity = Lottie.value(100)
        opacity["x"] = 3
        var layer = Lottie.shapeLayer(
            [Lottie.rectangle(x: 0, y: 0, width: 10, height: 10), fill], transform: Lottie.transform(position: position, opacity: opacity))
        layer["meta"] = ["x": "no k here"]
        let animation = try LottieAnimation(data: Lottie.document(layers: [layer]))
        let reports = animation.skipped.map(\.description)
        #expect(reports.contains { $0.contains("2 expressions not evaluated") }, "\(reports)")
    }
}

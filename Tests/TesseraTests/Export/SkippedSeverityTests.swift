import Testing
@testable import Tessera
@testable import TesseraCore

/// What `render` warns about and `inspect` lists first: content lost before approximations
/// before keys with no visible effect.
@Suite struct SkippedSeverityTests {
    typealias Skipped = SkippedFeature

    static let items: [Skipped] = [
        Skipped(layer: "Root", className: "CALayer", key: "hitTestsAsOpaque", reason: .unsupportedKey),
        Skipped(layer: "Root/Icon", className: "LKCGImageCodingProxy", key: "contents", reason: .unsupportedClass),
        Skipped(layer: "Root/Stack", className: "CATransformLayer", key: nil, reason: .approximated("loaded as CALayer")),
        Skipped(layer: "Root/Glow", className: "CAFilter", key: "filters", reason: .unsupportedClass),
        Skipped(layer: "Root/Glow2", className: "CAFilter", key: "filters", reason: .unsupportedClass),
        Skipped(layer: "Root/Label", className: "CAScrollLayer", key: "string", reason: .unsupportedKey),
        Skipped(layer: "Root", className: "CABasicAnimation", key: "CALayerAnimations[0]",
                reason: .animationNotApplied("unknown key path")),
        Skipped(layer: "Root", className: "CABasicAnimation", key: "CALayerAnimations[1].preferredFrameRateRange",
                reason: .unsupportedKey),
    ]

    @Test func severities() {
        #expect(Self.items.map(\.severity) == [.cosmetic, .contentLost, .approximated, .contentLost, .contentLost,
                                               .contentLost, .contentLost, .cosmetic])
        #expect(Self.items[7].kind == "preferredFrameRateRange")
        #expect(Self.items[6].kind == "animations")
        #expect(Self.items[2].kind == "CATransformLayer")
    }

    @Test func summaryCountsKindsMostSevereFirst() {
        #expect(Skipped.summary(of: Self.items)
            == "content lost: filters ×2, animations ×1, contents ×1, string ×1; approximated: CATransformLayer ×1; cosmetic: 2 keys with no visible effect")
        #expect(Skipped.summary(of: []) == nil)
        #expect(Skipped.summary(of: [Self.items[0]]) == "cosmetic: 1 key with no visible effect")
    }

    @Test func sortedBySeverityKeepsTheArchiveOrderWithinOne() {
        let sorted = Skipped.sortedBySeverity(Self.items)
        #expect(sorted.map(\.layer) == ["Root/Icon", "Root/Glow", "Root/Glow2", "Root/Label", "Root", "Root/Stack", "Root", "Root"])
        #expect(sorted.map(\.severity) == [.contentLost, .contentLost, .contentLost, .contentLost, .contentLost,
                                           .approximated, .cosmetic, .cosmetic])
    }
}

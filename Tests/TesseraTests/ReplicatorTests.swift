import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

/// CAReplicatorLayer's properties and instance delay.
@Suite struct ReplicatorTests {
    @Test func defaultsAreCoreAnimations() {
        let replicator = CAReplicatorLayer()
        #expect(replicator.instanceCount == 1 && replicator.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(replicator.instanceTransform))
        #expect(replicator.instanceColor.map(Color.init) == Color.white)
        #expect(replicator.instanceRedOffset == 0 && replicator.instanceAlphaOffset == 0)
    }

    /// Instance k runs its sublayers' animations k × instanceDelay later (seed 002's three dots).
    @Test func instancesAreDelayed() {
        let replicator = CAReplicatorLayer()
        let (root, _) = tree(with: replicator)
        replicator.instanceCount = 3
        replicator.instanceDelay = 0.1
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        let dot = CALayer()
        replicator.addSublayer(dot)
        let up = CABasicAnimation(keyPath: "position.y")
        up.fromValue = 0
        up.toValue = 10
        up.duration = 1
        dot.add(up, forKey: "up")
        withExtendedLifetime(root) {
            for (index, expected) in [(0, 5.0), (1, 4.0), (2, 3.0)] {
                let shown = replicator.instancePresentation(index, at: 0.5)
                #expect(abs(Double(shown[0].properties.position.y) - expected) < 1e-9, "instance \(index)")
            }
        }
    }
}

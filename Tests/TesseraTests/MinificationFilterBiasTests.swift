import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

/// `minificationFilterBias`, QuartzCore's `float` property of CALayer.h: 0 by default, kept by
/// archives and CAML. (Not animatable, so not a key path, as the other contents filters.)
@Suite struct MinificationFilterBiasTests {
    @Test func defaultsToZeroAndTakesAValue() {
        let layer = CALayer()
        #expect(layer.minificationFilterBias == 0)
        layer.minificationFilterBias = 1.5
        #expect(layer.properties.minificationFilterBias == 1.5)
    }

    @Test func archivesKeepIt() throws {
        let layer = CALayer()
        layer.minificationFilterBias = 2
        let loaded = try SceneDocument(archiveData: try SceneDocument(rootLayer: layer).archiveData())
        #expect(loaded.skipped.isEmpty, "\(loaded.skipped)")
        #expect(loaded.rootLayer.minificationFilterBias == 2)
    }

    @Test func camlReadsAndWritesIt() throws {
        let archive = try SceneDocument(camlData: Data(CAMLTests.document(#"<CALayer minificationFilterBias="-0.5"/>"#).utf8))
        #expect(archive.skipped.isEmpty, "\(archive.skipped)")
        #expect(archive.rootLayer.minificationFilterBias == -0.5)
        let written = String(decoding: try archive.camlData(), as: UTF8.self)
        #expect(written.contains(#"minificationFilterBias="-0.5""#), "\(written)")
    }
}

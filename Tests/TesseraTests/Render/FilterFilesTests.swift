import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster
import TesseraTestSupport

/// The inputs of alphaThreshold, colorMonochrome, colorMatrix's inputPremultipliedValues and
/// vibrantColorMatrix through CAML and keyed archives: read, written back the same, drawn and so
/// not reported; what cannot be drawn reported with why.
@Suite struct FilterFilesTests {
    static let invert = "<real value=\"-1\"/><real value=\"0\"/><real value=\"0\"/><real value=\"0\"/><real value=\"1\"/>"
        + "<real value=\"0\"/><real value=\"-1\"/><real value=\"0\"/><real value=\"0\"/><real value=\"1\"/>"
        + "<real value=\"0\"/><real value=\"0\"/><real value=\"-1\"/><real value=\"0\"/><real value=\"1\"/>"
        + "<real value=\"0\"/><real value=\"0\"/><real value=\"0\"/><real value=\"1\"/><real value=\"0\"/>"

    static let document = CAMLTests.document("""
        <CALayer name="root" bounds="0 0 20 20" position="10 10" backgroundColor="0.2 0.4 0.6">
          <sublayers>
            <CALayer name="filtered" bounds="0 0 10 10" position="5 5" backgroundColor="1 0 0">
              <filters>
                <CAFilter filter="colorMonochrome" name="mono" inputAmount="0.75" inputBias="0.1">
                  <inputColor type="CGColor" value="1 0.5 0" opacity="0.8"/>
                </CAFilter>
                <CAFilter filter="colorMatrix" name="matrix" inputPremultipliedValues="1">
                  <inputColorMatrix type="NSArray">\(invert)</inputColorMatrix>
                </CAFilter>
                <CAFilter filter="gaussianBlur" name="none" inputRadius="0"/>
                <CAFilter filter="alphaThreshold" name="threshold" inputAmount="0.4">
                  <inputColor type="CGColor" value="0 0 1"/>
                </CAFilter>
              </filters>
            </CALayer>
            <CALayer name="vibrant" bounds="0 0 10 10" position="15 15" backgroundColor="0 0 0">
              <filters>
                <CAFilter filter="vibrantColorMatrix" name="vibrancy">
                  <inputColorMatrix type="NSArray">\(invert)</inputColorMatrix>
                  <inputBackdropAware type="bool" value="1"/>
                </CAFilter>
              </filters>
            </CALayer>
          </sublayers>
        </CALayer>
        """)

    @Test func camlReadsTheInputsAndDrawsThem() throws {
        let archive = try CAMLTests.load(Self.document)
        #expect(archive.skipped.isEmpty, "\(archive.skipped)")
        let filters = try #require(archive.rootLayer.sublayers?.first?.properties.filters)
        #expect(filters.map(\.type) == ["colorMonochrome", "colorMatrix", "gaussianBlur", "alphaThreshold"])
        #expect(filters[0].color("inputColor") == Color(red: 1, green: 0.5, blue: 0, alpha: 0.8))
        #expect(filters[0].number("inputBias") == 0.1 && filters[0].number("inputAmount") == 0.75)
        #expect(filters[1].number("inputPremultipliedValues") == 1)
        #expect(filters[3].color("inputColor") == Color(red: 0, green: 0, blue: 1))
        let vibrant = try #require(archive.rootLayer.sublayers?.last?.properties.filters?.first)
        #expect(vibrant.number("inputBackdropAware") == 1)
        guard case .numbers(let matrix)? = vibrant.inputs["inputColorMatrix"] else { Issue.record("no matrix"); return }
        #expect(matrix.count == 20 && matrix[0] == -1 && matrix[4] == 1)
        try CAMLWriterTests.expectStableRoundTrip(Self.document)
    }

    @Test func archivesRoundTripTheInputs() throws {
        let loaded = try CAMLTests.load(Self.document)
        let data = try SceneDocument(rootLayer: loaded.rootLayer).archiveData()
        let reloaded = try SceneDocument(archiveData: data)
        #expect(reloaded.skipped.isEmpty, "\(reloaded.skipped)")
        for (a, b) in zip(reloaded.rootLayer.sublayers ?? [], loaded.rootLayer.sublayers ?? []) {
            #expect(a.properties.filters == b.properties.filters)
        }
        #expect(try reloaded.archiveData() == data)
        let pixels = try Pixmap(width: 20, height: 20), again = try Pixmap(width: 20, height: 20)
        LayerRenderer(threadCount: 1).render(loaded.rootLayer, at: 0, into: pixels)
        LayerRenderer(threadCount: 1).render(reloaded.rootLayer, at: 0, into: again)
        #expect(pixels.bytes == again.bytes)
        // The vibrant layer's black is not seen: the inverse of what lies behind, (204, 153, 102).
        #expect(pixels[15, 15] == PremultipliedRGBA8(r: 204, g: 153, b: 102, a: 255))
    }

    /// A vibrant matrix before another filter and a matrix of the wrong size are reported, with
    /// why; the layer is drawn without them.
    @Test func whatIsNotDrawnIsReportedWithWhy() throws {
        let text = CAMLTests.document("""
            <CALayer name="root" bounds="0 0 20 20" position="10 10">
              <filters>
                <CAFilter filter="vibrantColorMatrix"><inputColorMatrix type="NSArray">\(Self.invert)</inputColorMatrix></CAFilter>
                <CAFilter filter="colorInvert"/>
                <CAFilter filter="colorMatrix"><inputColorMatrix type="NSArray"><real value="1"/></inputColorMatrix></CAFilter>
              </filters>
            </CALayer>
            """)
        let archive = try CAMLTests.load(text)
        #expect(archive.skipped.map(\.reason) == [
            .notDrawn("vibrantColorMatrix before other filters (Tessera draws it last only)"),
            .notDrawn("colorMatrix (inputColorMatrix is not 20 finite numbers)"),
        ])
        #expect(archive.skipped.allSatisfy { $0.severity == .contentLost && $0.className == "CAFilter" })
    }
}

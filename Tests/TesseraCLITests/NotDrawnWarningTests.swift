import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore

/// `render` says in one line what the file holds that it did not draw, by severity, and `inspect`
/// lists the items most severe first.
@Suite struct NotDrawnWarningTests {
    /// A flipped 20×20 document whose root has a filter Tessera does not draw (a variable blur:
    /// content lost) and a `hitTestsAsOpaque`
    /// (cosmetic), written with the keyed-archive writer as Core Animation lays it out, alone in a
    /// new folder that the caller removes.
    static func archiveWithUnsupportedKeys() throws -> URL {
        var writer = KeyedArchiveWriter()
        let arrayProxy = ArchiveClass("LKNSArrayCodingProxy", superclasses: ["CACodingProxy", "NSObject"])
        let filter = try writer.addObject(ArchiveClass("CAFilter"), fields: [("CAFilterType", .string("variableBlur"))])
        let list = try writer.addArray([.reference(filter)], class: .mutableArray)
        let filters = try writer.addObject(arrayProxy, fields: [("array", .reference(list))])
        let bounds = try writer.addObject(ArchiveClass("LKNSValueCodingProxy", superclasses: ["CACodingProxy", "NSObject"]),
                                          fields: [("kind", .integer(2)), ("width", .real(20)), ("height", .real(20))])
        let root = try writer.addObject(ArchiveClass("CALayer"), fields: [
            ("name", .string("Root")), ("bounds", .reference(bounds)), ("filters", .reference(filters)),
            ("hitTestsAsOpaque", .bool(true)),
        ])
        try writer.setTop(.reference(try writer.addDictionary([("rootLayer", .reference(root)), ("geometryFlipped", .bool(true))])))
        let url = try CLI.temporaryFolder().appendingPathComponent("Unsupported.caar")
        try Data(try writer.encoded()).write(to: url)
        return url
    }

    @Test func renderWarnsInOneLineBySeverity() throws {
        let archive = try Self.archiveWithUnsupportedKeys()
        let folder = archive.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", archive.path, "-o", "frame.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(archive.path) == true)
        #expect(warnings.first?.contains("content lost: filters ×1; cosmetic: 1 key with no visible effect") == true,
                "\(warnings)")
        let quiet = try CLI.run(["render", archive.path, "-o", "frame.png", "--quiet"], in: folder)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    }

    @Test func inspectListsTheMostSevereFirst() throws {
        let archive = try Self.archiveWithUnsupportedKeys()
        defer { try? FileManager.default.removeItem(at: archive.deletingLastPathComponent()) }
        let result = try CLI.run(["inspect", archive.path])
        #expect(result.status == 0, "\(result.stderr)")
        let listed = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("  [") }
        #expect(listed.count == 2)
        #expect(listed.first?.contains("[content lost]") == true && listed.first?.contains("filters") == true)
        #expect(listed.last?.contains("[cosmetic]") == true && listed.last?.contains("hitTestsAsOpaque") == true)
    }
}

/// `inspect` on a CAML file with the filters Tessera draws (alphaThreshold, colorMonochrome, a
/// premultiplied colorMatrix, vibrantColorMatrix, a blur of radius 0) reports nothing; one with a
/// malformed matrix says why it is not drawn.
@Suite struct FilterInspectTests {
    static func inspect(_ filters: String) throws -> String {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("filters.caml")
        let identity = (0..<20).map { $0 % 6 == 0 ? "<real value=\"1\"/>" : "<real value=\"0\"/>" }.joined()
        try Data("""
            <caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer bounds="0 0 20 20" backgroundColor="1 0 0">
              <filters>\(filters.replacingOccurrences(of: "IDENTITY", with: identity))</filters>
            </CALayer></caml>
            """.utf8).write(to: file)
        let result = try CLI.run(["inspect", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self)
    }

    @Test func drawnFiltersAreNotReported() throws {
        let text = try Self.inspect("""
            <CAFilter filter="gaussianBlur" inputRadius="0"/>
            <CAFilter filter="colorMonochrome" inputAmount="0.5"><inputColor type="CGColor" value="1 0.5 0"/></CAFilter>
            <CAFilter filter="colorMatrix" inputPremultipliedValues="1"><inputColorMatrix type="NSArray">IDENTITY</inputColorMatrix></CAFilter>
            <CAFilter filter="alphaThreshold" inputAmount="0.3"/>
            <CAFilter filter="vibrantColorMatrix"><inputColorMatrix type="NSArray">IDENTITY</inputColorMatrix></CAFilter>
            """)
        #expect(text.contains("skipped: nothing"), "\(text)")
    }

    @Test func aMalformedMatrixIsReportedWithWhy() throws {
        let text = try Self.inspect("""
            <CAFilter filter="vibrantColorMatrix"><inputColorMatrix type="NSArray"><real value="1"/></inputColorMatrix></CAFilter>
            """)
        #expect(text.contains("[content lost]") && text.contains("not drawn: vibrantColorMatrix (inputColorMatrix is not 20 finite numbers)"),
                "\(text)")
    }
}

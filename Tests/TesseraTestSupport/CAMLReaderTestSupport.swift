import Foundation
import Testing
import TesseraRaster
@testable import Tessera
@testable import TesseraCore

extension CAMLTests {
    package static let namespace = "http://www.apple.com/CoreAnimation/1.0"

    /// A CAML document around `body` (the root layer and what follows it), as Apple's files
    /// begin.
    package static func document(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\n<caml xmlns=\"\(namespace)\">\n\(body)\n</caml>\n"
    }

    /// The archive of a CAML text.
    package static func load(_ text: String, bundle: URL? = nil) throws -> SceneDocument {
        try SceneDocument(camlData: Data(text.utf8), bundleURL: bundle)
    }

    /// A fixture of `Fixtures/` (Bluetooth, Brightness) loaded as CAML.
    package static func fixtureArchive(_ name: String) throws -> SceneDocument {
        try SceneDocument(camlData: Data(try fixture(name)))
    }

    /// The text of a fixture.
    package static func fixtureText(_ name: String) throws -> String {
        String(decoding: try fixture(name), as: UTF8.self)
    }

    /// Where the `occurrence`th `needle` starts in `text` (columns count Unicode scalars, a tab
    /// one), as the reader reports places.
    package static func location(of needle: String, in text: String, occurrence: Int = 1) -> DocumentLocation? {
        var found = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            var consumed = 0
            while let range = rest.range(of: needle) {
                found += 1
                let column = consumed + rest.unicodeScalars[..<range.lowerBound].count + 1
                if found == occurrence { return DocumentLocation(line: index + 1, column: column) }
                consumed = column
                rest = rest[rest.index(after: range.lowerBound)...]
            }
        }
        return nil
    }

    /// The error loading `text` throws, or nil when it loads.
    package static func loadError(_ text: String, bundle: URL? = nil) -> SceneDocumentError? {
        do {
            _ = try SceneDocument(camlData: Data(text.utf8), bundleURL: bundle)
            return nil
        } catch {
            return error
        }
    }

    /// The y of a cubic Bézier timing curve (0,0), (c1x,c1y), (c2x,c2y), (1,1) at x, solved by
    /// bisection: the expected values of timing functions, computed apart from Tessera's own.
    package static func bezier(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, at x: Double) -> Double {
        func point(_ c1: Double, _ c2: Double, _ s: Double) -> Double {
            3 * c1 * s * (1 - s) * (1 - s) + 3 * c2 * s * s * (1 - s) + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if point(c1x, c2x, mid) < x { low = mid } else { high = mid }
        }
        return point(c1y, c2y, (low + high) / 2)
    }

    /// Core Animation's `default` timing function: (0.25, 0.1), (0.25, 1).
    package static func defaultCurve(_ x: Double) -> Double { bezier(0.25, 0.1, 0.25, 1, at: x) }

    /// The progress of a damped spring from rest (0 to 1) at time t, closed form: under-damped
    /// with damping ratio ζ < 1.
    package static func spring(mass: Double, stiffness: Double, damping: Double, at t: Double) -> Double {
        let w0 = (stiffness / mass).squareRoot(), zeta = damping / (2 * (stiffness * mass).squareRoot())
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
    }

    /// The layer under `root` along sublayer indices.
    package static func sublayer(_ root: CALayer, _ path: Int...) throws -> CALayer {
        var layer = root
        for index in path { layer = try #require(layer.sublayers?[index]) }
        return layer
    }

    /// The model value at a key path of `layer` shown at root time `t`.
    package static func shown(_ layer: CALayer, _ keyPath: String, at t: Double) throws -> Double {
        let key = try #require(LayerKeyPath(keyPath))
        guard case .number(let value) = key.value(in: layer.presentation(at: t).properties) else {
            Issue.record("\(keyPath) is not a number")
            return .nan
        }
        return value
    }
}

extension CAMLTests {
    /// A new folder under the temporary directory holding `files` (paths relative to it), for
    /// bundles; removed by the caller.
    package static func temporaryFolder(_ files: [String: Data] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caml-\(UUID().uuidString)", isDirectory: true)
        for (path, data) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A 2 × 1 PNG: an opaque red pixel and a half-transparent blue one.
    package static func png() throws -> Data {
        let pixmap = try Pixmap(width: 2, height: 1)
        pixmap[0, 0] = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
        pixmap[1, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 128, a: 128)
        return Data(try pixmap.pngData())
    }
}

extension CAMLTests {
    /// The text from `location` to the end of its line ("" for nil).
    package static func text(at location: DocumentLocation?, in text: String) -> String {
        guard let location else { return "" }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard location.line - 1 < lines.count else { return "" }
        return String(String.UnicodeScalarView(lines[location.line - 1].unicodeScalars.dropFirst(location.column - 1)))
    }
}

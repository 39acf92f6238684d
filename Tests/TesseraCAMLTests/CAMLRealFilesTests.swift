import Foundation
import Testing
import TesseraRaster
import TesseraTestSupport
@testable import Tessera
@testable import TesseraCAML
@testable import TesseraCore
import TesseraXML

extension CAMLTests {
    /// Apple's CAML files (`Fixtures/Bluetooth.caml`, `Fixtures/Brightness.caml`) read into
    /// element trees, checked against the files' text, and every value in them read with the
    /// value syntax.
    @Suite struct CAMLRealFilesTests {
        static let namespace = "http://www.apple.com/CoreAnimation/1.0"

        /// The file's lines as arrays of Unicode scalars (a column counts scalars, a tab one).
        private func lines(_ bytes: [UInt8]) -> [[Unicode.Scalar]] {
            String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map { Array($0.unicodeScalars) }
        }

        /// The text of `lines` from a location to the end of its line.
        private func text(at location: XMLSourceLocation, in lines: [[Unicode.Scalar]]) -> String {
            let line = lines[location.line - 1]
            var view = String.UnicodeScalarView()
            view.append(contentsOf: line[(location.column - 1)...])
            return String(view)
        }

        @Test(arguments: ["Bluetooth", "Brightness"])
        func everyElementAndAttributeIsWhereTheFileWritesIt(_ name: String) throws {
            let bytes = try CAMLTests.fixture(name)
            let document = try CAMLDocument(parsing: bytes)
            let lines = lines(bytes)
            let elements = CAMLTests.allElements(document.root)
            // As many elements as the file has start tags.
            let source = String(decoding: bytes, as: UTF8.self)
            let startTags = source.split(separator: "<", omittingEmptySubsequences: true)
                .filter { $0.first.map { $0.isLetter } == true }.count
            #expect(elements.count == startTags)
            for element in elements {
                #expect(text(at: element.location, in: lines).hasPrefix("<\(element.name)"), "\(element.name)")
                #expect(element.namespaceURI == Self.namespace)
                for attribute in element.attributes {
                    #expect(text(at: attribute.location, in: lines).hasPrefix("\(attribute.name)=\""))
                    #expect(text(at: attribute.valueLocation, in: lines).hasPrefix(attribute.value + "\""))
                }
            }
        }

        @Test func bluetoothTree() throws {
            let root = try CAMLDocument(parsing: try CAMLTests.fixture("Bluetooth")).root
            #expect(root.name == "caml")
            #expect(root.location == XMLSourceLocation(line: 3, column: 1))
            #expect(root.attributes.map(\.name) == ["xmlns"])
            #expect(root.attributes.first?.namespaceURI == "http://www.w3.org/2000/xmlns/")
            #expect(root.text == "")   // indentation only

            let layer = try #require(root.children.first)
            #expect(root.children.count == 1)
            #expect(layer.name == "CATransformLayer")
            #expect(layer.location == XMLSourceLocation(line: 4, column: 3))
            #expect(layer.attributes.map(\.name) == ["allowsEdgeAntialiasing", "allowsGroupOpacity", "bounds",
                                                     "contentsFormat", "hidden", "name", "position"])
            #expect(layer[attribute: "name"] == "Root Layer")
            #expect(layer.attribute("bounds")?.location == XMLSourceLocation(line: 4, column: 71))
            #expect(layer.attribute("bounds")?.valueLocation == XMLSourceLocation(line: 4, column: 79))
            #expect(layer.children.map(\.name) == ["backgroundColor", "sublayers", "states", "stateTransitions"])

            let background = layer.children[0]
            #expect(background.location == XMLSourceLocation(line: 5, column: 5))
            #expect(background[attribute: "opacity"] == "0" && background[attribute: "value"] == "0 0 0")

            // Line 11 is indented with a tab and six spaces: the tab counts one column.
            let shape = try #require(CAMLTests.allElements(root).first { $0.name == "CAShapeLayer" })
            #expect(shape.location == XMLSourceLocation(line: 11, column: 8))
            let path = try CAMLSyntax.parsePath(try #require(shape[attribute: "path"]))
            #expect(path.verbs.filter { $0 == .move }.count == 3)
            #expect(path.verbs.filter { $0 == .line }.count == 18)
            #expect(path.verbs.filter { $0 == .close }.count == 3)
            #expect(path.elements.first == .move(to: Point(x: 15.4, y: 14.7)))

            let animation = try #require(CAMLTests.allElements(root).first { $0.name == "animation" })
            #expect(animation.location == XMLSourceLocation(line: 38, column: 6))   // a tab, four spaces
            #expect(try CAMLSyntax.parseNumber(try #require(animation[attribute: "repeatCount"])) == .infinity)
            #expect(try CAMLSyntax.parseNumber(try #require(animation[attribute: "beginTime"])) == 1e-100)
            #expect(animation.children.map(\.name) == ["keyTimes", "timingFunctions", "values"])
            let keyTimes = animation.children[0].children
            #expect(keyTimes.map(\.name) == ["integer", "real", "integer"])
            #expect(try keyTimes.map { try CAMLSyntax.parseNumber($0[attribute: "value"] ?? "") } == [0, 0.2293158405593, 1])
            let timing = try animation.children[1].children.map { try CAMLSyntax.parseTimingFunction($0[attribute: "value"] ?? "") }
            #expect(timing == [.controlPoints(0.29712, -0.0052251, 0.24359, 0.99619),
                               .controlPoints(0.88669, -0.015013, 0.61462, 1.01)])
        }

        @Test func brightnessTree() throws {
            let root = try CAMLDocument(parsing: try CAMLTests.fixture("Brightness")).root
            let elements = CAMLTests.allElements(root)
            let replicator = try #require(elements.first { $0.name == "CAReplicatorLayer" })
            #expect(replicator.location == XMLSourceLocation(line: 14, column: 5))   // two tabs, two spaces
            #expect(try CAMLSyntax.parseInteger(replicator[attribute: "instanceCount"] ?? "") == 8)
            let instanceTransform = try CAMLSyntax.parseTransform(replicator[attribute: "instanceTransform"] ?? "")
            #expect(CATransform3DEqualToTransform(instanceTransform, CATransform3DMakeRotation(-45 * .pi / 180, 0, 0, 1)))

            let t1 = try #require(elements.first { $0[attribute: "name"] == "t1" })
            #expect(t1[attribute: "id"] == "#4")
            #expect(CATransform3DIsIdentity(try CAMLSyntax.parseTransform(t1[attribute: "transform"] ?? "x")))

            let ray = try #require(elements.first { $0[attribute: "name"] == "ray" })
            #expect(try CAMLSyntax.parsePoint(ray[attribute: "anchorPoint"] ?? "") == CGPoint(x: 0.5, y: 0))
            #expect(try CAMLSyntax.parseRect(ray[attribute: "bounds"] ?? "") == CGRect(x: 0, y: 0, width: 5, height: 20))
            #expect(try CAMLSyntax.parseColor(ray[attribute: "backgroundColor"] ?? "", opacity: nil)
                    == ColorComponents(red: 1, green: 1, blue: 1, alpha: 1))

            let states = try #require(root.children.first?.children.first { $0.name == "states" })
            #expect(states.children.map { $0[attribute: "name"] } == ["full", "mid", "min", "max"])
            // `<elements/>`: an empty element, no children, no text.
            let full = states.children[0].children
            #expect(full.count == 1 && full[0].name == "elements" && full[0].children.isEmpty && full[0].text == "")
            let springs = elements.filter { $0[attribute: "type"] == "CASpringAnimation" }
            #expect(springs.count == 13)
            #expect(try springs.allSatisfy { try CAMLSyntax.parseFiniteNumber($0[attribute: "stiffness"] ?? "") > 0 })
        }

        /// Every value of both files read with the syntax its attribute takes, and written back:
        /// reading what was written gives the same value.
        @Test(arguments: ["Bluetooth", "Brightness"])
        func everyValueReadsAndRoundTrips(_ name: String) throws {
            let root = try CAMLDocument(parsing: try CAMLTests.fixture(name)).root
            var checked = 0
            for element in CAMLTests.allElements(root) {
                for attribute in element.attributes {
                    let value = attribute.value
                    switch attribute.name {
                    case "bounds":
                        let rect = try CAMLSyntax.parseRect(value)
                        #expect(try CAMLSyntax.parseRect(CAMLSyntax.formatRect(rect)) == rect)
                    case "position", "anchorPoint":
                        let point = try CAMLSyntax.parsePoint(value)
                        #expect(try CAMLSyntax.formatPoint(point) == value, "shortest spelling, as Apple writes it")
                    case "transform", "instanceTransform":
                        let transform = try CAMLSyntax.parseTransform(value)
                        #expect(try CAMLSyntax.formatTransform(transform) == value)
                    case "path":
                        let path = try CAMLSyntax.parsePath(value)
                        #expect(try CAMLSyntax.formatPath(path) == value)
                    case "fillColor", "backgroundColor":
                        let color = try CAMLSyntax.parseColor(value, opacity: nil)
                        #expect(try CAMLSyntax.formatColor(color) == (value: value, opacity: nil))
                    case "timingFunction":
                        #expect(try CAMLSyntax.formatTimingFunction(CAMLSyntax.parseTimingFunction(value)) == value)
                    case "opacity", "duration", "beginTime", "repeatCount", "cornerRadius", "damping", "mass", "stiffness":
                        #expect(try CAMLSyntax.formatNumber(CAMLSyntax.parseNumber(value)) == value)
                    case "hidden", "allowsEdgeAntialiasing", "allowsGroupOpacity", "allowsGroupBlending", "removedOnCompletion":
                        #expect(try CAMLSyntax.formatBoolean(CAMLSyntax.parseBoolean(value)) == value)
                    case "instanceCount":
                        #expect(try CAMLSyntax.formatInteger(CAMLSyntax.parseInteger(value)) == value)
                    default:
                        continue
                    }
                    checked += 1
                }
                if element.name == "backgroundColor" {
                    let color = try CAMLSyntax.parseColor(element[attribute: "value"] ?? "", opacity: element[attribute: "opacity"])
                    #expect(color == ColorComponents(red: 0, green: 0, blue: 0, alpha: 0))
                }
                if element.name == "CAMediaTimingFunction" || element.name == "real" || element.name == "integer" {
                    let value = element[attribute: "value"] ?? ""
                    let written = element.name == "CAMediaTimingFunction"
                        ? try CAMLSyntax.formatTimingFunction(CAMLSyntax.parseTimingFunction(value))
                        : try CAMLSyntax.formatNumber(CAMLSyntax.parseNumber(value))
                    #expect(written == value)
                    checked += 1
                }
            }
            #expect(checked > 30)
        }
    }
}

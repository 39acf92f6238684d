import Foundation
import TesseraTestSupport
import Testing
@testable import Tessera
@testable import TesseraCore

extension CAMLWriterTests {
    /// Strings are written so that the XML reader gives them back exactly, and what CAML cannot
    /// hold is an error that names the layer and property, never a silent loss.
    @Suite struct CAMLWriterEscapingTests {
        static let hostile = [
            "a < b && c > d", #"quotes " and ' apostrophes"#, "line\nfeed", "carriage\r\nreturn and \r alone",
            "\ttabs\t", "  spaces at both ends  ", "]]> and <!-- not a comment -->", "&amp; already escaped &#10;",
            "non-ASCII: é ß 日本 🇫🇷 \u{10FFFD}", "", "<caml xmlns=\"x\">",
        ]

        /// Each string as a layer's name, a text layer's string and a filter's string input: read
        /// back the same.
        @Test(arguments: hostile)
        func stringsReadBackExactly(_ string: String) throws {
            let root = CALayer()
            root.name = string
            let text = CATextLayer()
            text.string = string
            text.name = "t"
            let filter = CAFilter(type: "colorSaturate")
            filter.setValue(string, forKey: "inputLabel")
            text.filters = [filter]
            root.addSublayer(text)
            let (loaded, written) = try reread(SceneDocument(rootLayer: root))
            #expect(loaded.skipped.isEmpty, "\(loaded.skipped)\n\(written)")
            #expect(loaded.rootLayer.name == string)
            let loadedText = try #require(loaded.rootLayer.sublayers?.first as? CATextLayer)
            #expect(loadedText.string as? String == string)
            #expect(loadedText.properties.filters?.first?.inputs["inputLabel"] == .string(string))
            // The text itself is well-formed XML with no raw line breaks inside attribute values.
            #expect(CAMLTests.xmlError(written) == nil)
        }

        /// A string input that looks like a number stays a string; a flag stays a flag.
        @Test func filterInputsKeepTheirKinds() throws {
            let root = CALayer()
            root.properties.filters = [LayerFilter(type: "gaussianBlur", name: "blur", isEnabled: false, inputs: [
                "inputRadius": .number(2.5), "inputQuality": .string("1.5"), "inputHardEdges": .bool(true),
                "inputWeights": .numbers([0.25, 0.5]),
            ])]
            let (loaded, written) = try reread(SceneDocument(rootLayer: root))
            #expect(loaded.skipped.isEmpty, "\(loaded.skipped)\n\(written)")
            #expect(loaded.rootLayer.properties.filters == root.properties.filters)
        }

        static func writeError(_ root: CALayer) -> SceneDocumentError? {
            do {
                _ = try SceneDocument(rootLayer: root).camlData()
                return nil
            } catch {
                return error
            }
        }

        /// Characters XML 1.0 forbids (even as references) are an error naming the layer and key.
        @Test(arguments: ["\u{0}", "\u{1}", "a\u{8}b", "\u{1F}", "\u{FFFE}", "\u{FFFF}"])
        func forbiddenCharactersAreErrors(_ string: String) throws {
            let root = CALayer()
            let child = CALayer()
            child.name = "child"
            root.addSublayer(child)
            let text = CATextLayer()
            text.string = string
            child.addSublayer(text)
            let error = try #require(Self.writeError(root))
            guard case .unwritableCAML(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("string holds the character U+"), "\(reason)")
        }

        /// What CAML cannot hold: a NaN, an infinite coordinate, an image with no bundle, a
        /// layer twice in the tree, a portal whose source is outside the tree, an emitter's
        /// cells and scale, a filter input whose key is no XML name, a NaN in an animation's
        /// value.
        @Test func unwritableValuesAreErrors() throws {
            var cases: [(CALayer, String)] = []
            let nan = CALayer()
            nan.position = CGPoint(x: CGFloat.nan, y: 0)
            cases.append((nan, "position: cannot be written in CAML: the non-finite number nan"))
            let infinite = CALayer()
            infinite.opacity = .infinity
            cases.append((infinite, "opacity: a NaN or infinite number"))
            let image = CALayer()
            image.contents = try TestImages.quadrants()
            cases.append((image, "contents: an image needs a bundle"))
            let twice = CALayer(), shared = CALayer()
            twice.addSublayer(shared)
            twice.mask = shared
            cases.append((twice, "the layer appears twice in the tree"))
            let portalRoot = CALayer(), portal = CAPortalLayer(), elsewhere = CALayer()
            portal.sourceLayer = elsewhere
            portalRoot.addSublayer(portal)
            cases.append((portalRoot, "sourceLayer: the source layer is not in the tree written"))
            let emitter = CAEmitterLayer(), parent = CAEmitterCell(), child = CAEmitterCell()
            child.velocity = .infinity
            parent.emitterCells = [child]
            emitter.emitterCells = [CAEmitterCell(), parent]
            cases.append((emitter, "emitterCells[1].emitterCells[0].velocity: a NaN or infinite number"))
            let oddInput = CALayer()
            oddInput.properties.filters = [LayerFilter(type: "gaussianBlur", inputs: ["input radius": .number(1)])]
            cases.append((oddInput, "filters: filter gaussianBlur's input \"input radius\" is not a name CAML can hold"))
            let nanAnimation = CALayer()
            let move = CABasicAnimation(keyPath: "position")
            move.toValue = CGPoint(x: CGFloat.nan, y: 1)
            nanAnimation.add(move, forKey: "move")
            cases.append((nanAnimation, "move.toValue"))
            defer { withExtendedLifetime(elsewhere) {} }
            for (root, expected) in cases {
                let error = Self.writeError(root)
                guard case .unwritableCAML(let reason)? = error else { Issue.record("\(expected): \(String(describing: error))"); continue }
                #expect(reason.contains(expected), "\(reason)")
            }
        }

        /// A tree in one of its states cannot be written (its base values would be lost); back
        /// in the base state it can.
        @Test func aTreeInAStateIsAnError() throws {
            let archive = try CAMLTests.fixtureArchive("Bluetooth")
            try archive.states.setState("on", at: 0, animated: false)
            #expect(throws: SceneDocumentError.unwritableCAML(
                reason: "the tree is in state \"on\"; go back to the base state (setState(nil, at:animated:)) to write it")) {
                try archive.camlData()
            }
            try archive.states.setState(nil, at: 0, animated: false)
            let (reread, _) = try CAMLWriterTests.reread(archive)
            CAMLWriterTests.expectSameTrees(reread, try CAMLTests.fixtureArchive("Bluetooth"))
        }

        /// Layers nested deeper than CAML readers take are an error, not a document the reader
        /// refuses.
        @Test func nestingBeyondTheReadersLimitIsAnError() throws {
            let root = CALayer()
            var last = root
            for _ in 0..<200 {
                let child = CALayer()
                last.addSublayer(child)
                last = child
            }
            let error = try #require(Self.writeError(root))
            #expect(error == .unwritableCAML(reason: "elements nested more than 256 deep, more than CAML readers take"))
            for _ in 0..<80 { last = last.superlayer! }
            last.sublayers = nil
            #expect(Self.writeError(root) == nil)
        }

        /// A state whose layer is no longer in the tree fails rather than losing the state.
        @Test func stateTargetOutsideTheTreeIsAnError() throws {
            let archive = try CAMLTests.fixtureArchive("Bluetooth")
            let target = try #require(archive.states.layer(withID: "#1"))
            target.removeFromSuperlayer()
            #expect(throws: SceneDocumentError.unwritableCAML(reason: "the states set a layer (#1) that is not in the tree written")) {
                try archive.camlData()
            }
        }
    }
}

import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import TesseraRaster
import WallpaperFixtures

/// A wallpaper made for the tests (``TestWallpaper``: blue background, green foreground square,
/// red floating square over its corner) read from a `.tendies` zip and a folder, stacked,
/// sized, driven through its states together, and rendered: pixels asserted.
@Suite struct WallpaperTests {
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
    static let green = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)

    /// The test wallpaper as a `.tendies` file, alone in a new folder that the caller removes.
    static func tendies(manifest: [String: Any]? = TestWallpaper.manifest, extra: [(String, Data)] = []) throws -> URL {
        let url = try TendiesArchiveTests.folder().appendingPathComponent("Test.tendies")
        try TestWallpaper.writeTendies(to: url, manifest: manifest, extra: extra)
        return url
    }

    /// The wallpaper of ``tendies(manifest:extra:)``, loaded, its file removed.
    static func wallpaper(manifest: [String: Any]? = TestWallpaper.manifest, extra: [(String, Data)] = []) throws -> Wallpaper {
        let url = try tendies(manifest: manifest, extra: extra)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        return try Wallpaper(contentsOf: url)
    }

    /// The wallpaper at time `t`, `scale` pixels a point.
    static func render(_ wallpaper: Wallpaper, at t: Double = 0, scale: Double = 1) throws -> Pixmap {
        let pixmap = try Pixmap(width: Int(wallpaper.size.width * scale), height: Int(wallpaper.size.height * scale))
        let renderer = LayerRenderer(threadCount: 2)
        renderer.scale = scale
        renderer.render(wallpaper.rootLayer, at: t, into: pixmap)
        return pixmap
    }

    @Test func aTendiesFileReadsAsItsWallpaper() throws {
        let wallpaper = try Self.wallpaper()
        #expect(wallpaper.name == "Test Wallpaper")
        #expect(wallpaper.screenClass == WallpaperScreenClass("390w-844h@3x~iphone"))
        #expect(wallpaper.size == CGSize(width: 390, height: 844))
        #expect(wallpaper.bundles.map(\.role) == [.background, .foreground, .floating])
        #expect(wallpaper.bundles.map(\.path) == TestWallpaper.bundleNames.map { TestWallpaper.wallpaperFolder + "/" + $0 })
        #expect(wallpaper.stateNames == ["Locked", "Unlock", "Sleep"])
        #expect(wallpaper.omissions == [.script(bundle: .background, path: "assets/Root_Layer.js")])
        #expect(wallpaper.bundles.map(\.scripts) == [["assets/Root_Layer.js"], [], []])
        #expect(wallpaper.rootLayer.sublayers?.map { $0 } .elementsEqual(wallpaper.bundles.map(\.archive.rootLayer), by: ===) == true)
    }

    /// Background at the bottom, the foreground over it, the floating bundle on top; the right
    /// way up (the squares near the top of the screen, as the editors' y-down documents place them).
    @Test func bundlesStackAsIOSStacksThem() throws {
        let wallpaper = try Self.wallpaper()
        let pixels = try Self.render(wallpaper)
        #expect((pixels.width, pixels.height) == (390, 844))
        #expect(pixels[120, 120] == Self.green)
        #expect(pixels[175, 175] == Self.red)
        #expect(pixels[230, 230] == Self.red)
        #expect(pixels[20, 800] == Self.blue)
        #expect(pixels[120, 724] == Self.blue)
        let phone = try Self.render(wallpaper, scale: 3)
        #expect((phone.width, phone.height) == (1170, 2532))
        #expect(phone[360, 360] == Self.green && phone[525, 525] == Self.red && phone[60, 2400] == Self.blue)
    }

    /// `Sleep` blackens the background and hides the floating square; the foreground has no
    /// states and stays. The base state brings everything back.
    @Test func aStateSetsEveryBundleThatHasIt() throws {
        let wallpaper = try Self.wallpaper()
        try wallpaper.setState("Sleep", at: 0, animated: false)
        var pixels = try Self.render(wallpaper)
        #expect(pixels[20, 800] == Self.black && pixels[230, 230] == Self.black && pixels[120, 120] == Self.green)
        #expect(wallpaper.bundles.map(\.archive.states.currentState) == ["Sleep", nil, "Sleep"])
        try wallpaper.setState(nil, at: 0, animated: false)
        pixels = try Self.render(wallpaper)
        #expect(pixels[20, 800] == Self.blue && pixels[230, 230] == Self.red)
        #expect(throws: LayerStateError.unknownState("Home")) { try wallpaper.setState("Home", at: 0) }
    }

    /// `Locked → Unlock` slides the red square 100 points right in 1 s, linearly.
    @Test func aTransitionRunsInEveryBundle() throws {
        let wallpaper = try Self.wallpaper()
        try wallpaper.setState("Locked", at: 0, animated: false)
        try wallpaper.setState("Unlock", at: 0)
        let start = try Self.render(wallpaper, at: 0), middle = try Self.render(wallpaper, at: 0.5)
        let end = try Self.render(wallpaper, at: 1.5)
        #expect(start[160, 230] == Self.red && start[280, 230] == Self.blue)
        #expect(middle[190, 230] == Self.blue && middle[280, 230] == Self.red && middle[330, 230] == Self.blue)
        #expect(end[280, 230] == Self.red && end[330, 230] == Self.red && end[230, 230] == Self.blue)
    }

    @Test func aFolderReadsAsTheZipDoes() throws {
        let folder = try TendiesArchiveTests.folder().appendingPathComponent("Test")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try TestWallpaper.writeFolder(to: folder)
        let unzipped = try Wallpaper(contentsOf: folder)
        let zipped = try Self.wallpaper()
        #expect(unzipped.bundles.map(\.path) == zipped.bundles.map(\.path) && unzipped.omissions == zipped.omissions)
        #expect(try Self.render(unzipped).bytes == Self.render(zipped).bytes)
        let wallpaperFolder = try Wallpaper(contentsOf: folder.appendingPathComponent(TestWallpaper.wallpaperFolder))
        #expect(wallpaperFolder.bundles.map(\.path) == TestWallpaper.bundleNames)
    }

    /// Without `Wallpaper.plist` (CAPlayground's zip of `Background.ca` and `Floating.ca`), the
    /// parts are found by their bundles' names and the size is the background's document's.
    @Test func withoutAManifestThePartsAreFoundByName() throws {
        let wallpaper = try Self.wallpaper(manifest: nil)
        #expect(wallpaper.bundles.map(\.role) == [.background, .foreground, .floating])
        #expect(wallpaper.screenClass == nil && wallpaper.size == CGSize(width: 390, height: 844) && wallpaper.name == "Test")
        #expect(try Self.render(wallpaper)[175, 175] == Self.red)
    }

    /// A `ParameterizedCA` wallpaper (CAPlayground's gyro template) is one bundle, for any
    /// screen: its document's size.
    @Test func aParameterizedWallpaperIsOneBundle() throws {
        var manifest = TestWallpaper.manifest
        manifest["logicalScreenClass"] = "any"
        manifest["assets"] = ["lockAndHome": ["default": ["type": "ParameterizedCA", "assetFileName": TestWallpaper.bundleNames[2],
                                                          "identifier": 7920, "name": "One"]]]
        let wallpaper = try Self.wallpaper(manifest: manifest)
        #expect(wallpaper.bundles.map(\.role) == [.single] && wallpaper.screenClass?.size == nil)
        #expect(wallpaper.size == CGSize(width: 390, height: 844))
        #expect(wallpaper.omissions.count == 2)   // the two bundles it does not name
        let pixels = try Self.render(wallpaper)
        #expect(pixels[230, 230] == Self.red && pixels[120, 120] == .transparent)
    }

    @Test func bundlesAreNamedByTheirPartOrAnyUniquePartOfTheirPath() throws {
        let wallpaper = try Self.wallpaper()
        #expect(try wallpaper.bundle(named: "Floating").role == .floating)
        #expect(try wallpaper.bundle(named: "foreground").role == .foreground)
        #expect(try wallpaper.bundle(named: "Test_Back").role == .background)
        #expect(try wallpaper.bundle(named: TestWallpaper.bundleNames[2]).role == .floating)
        #expect(throws: WallpaperError.noSuchBundle("Test", available: ["Background", "Foreground", "Floating"])) {
            try wallpaper.bundle(named: "Test")
        }
    }

    /// Another appearance, a bundle the plist does not name and macOS's resource forks: the first
    /// two reported, the forks not even listed.
    @Test func whatIsNotRenderedIsReported() throws {
        var manifest = TestWallpaper.manifest
        var assets = manifest["assets"] as! [String: Any]
        var lockAndHome = assets["lockAndHome"] as! [String: Any]
        lockAndHome["dark"] = lockAndHome["default"]
        assets["lockAndHome"] = lockAndHome
        manifest["assets"] = assets
        let caml = Data(#"<caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer bounds="0 0 4 4"/></caml>"#.utf8)
        let url = try Self.tendies(manifest: manifest, extra: [
            ("\(TestWallpaper.wallpaperFolder)/Spare.ca/main.caml", caml),
            ("__MACOSX/\(TestWallpaper.wallpaperFolder)/\(TestWallpaper.bundleNames[0])/._main.caml", Data([0, 5, 22, 7])),
            ("__MACOSX/Fork.ca/main.caml", caml),
        ])
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let omissions = try Wallpaper(contentsOf: url).omissions
        #expect(omissions.contains(.otherAssets("assets.lockAndHome.dark")))
        #expect(omissions.contains(.unnamedBundle("\(TestWallpaper.wallpaperFolder)/Spare.ca")))
        #expect(omissions.count == 3)
    }

    /// The fuzz seed (Fuzz/Seeds/wallpaper.tendies, its bundles written by `tessera convert`)
    /// is the same wallpaper, and renders as it.
    @Test func theFuzzSeedIsThisWallpaper() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Seeds/wallpaper.tendies")
        let wallpaper = try Wallpaper(contentsOf: seed)
        #expect(wallpaper.stateNames == ["Locked", "Unlock", "Sleep"] && wallpaper.bundles.map(\.role) == [.background, .foreground, .floating])
        #expect(try Self.render(wallpaper).bytes == Self.render(Self.wallpaper()).bytes)
    }
}

import Foundation
import Testing
@testable import Tessera
@testable import TesseraCore
import WallpaperFixtures

/// Wallpapers that cannot be read fail with a typed error naming the reason; the zip's limits
/// hold for every bundle of a wallpaper.
@Suite struct WallpaperErrorTests {
    static func manifest(_ change: (inout [String: Any]) -> Void) -> [String: Any] {
        var assets = (TestWallpaper.manifest["assets"] as! [String: Any])["lockAndHome"] as! [String: Any]
        var asset = assets["default"] as! [String: Any]
        change(&asset)
        assets["default"] = asset
        var manifest = TestWallpaper.manifest
        manifest["assets"] = ["lockAndHome": assets]
        return manifest
    }

    @Test func aManifestNamingAMissingBundleFails() throws {
        let url = try WallpaperTests.tendies(manifest: Self.manifest { $0["foregroundAnimationFileName"] = "Gone.ca" })
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(throws: WallpaperError.missingBundle(.foreground, path: TestWallpaper.wallpaperFolder + "/Gone.ca")) {
            try Wallpaper(contentsOf: url)
        }
    }

    @Test func manifestsIOSDoesNotReadFail() throws {
        let plist = TestWallpaper.wallpaperFolder + "/Wallpaper.plist"
        let escaping = try WallpaperTests.tendies(manifest: Self.manifest { $0["backgroundAnimationFileName"] = "../../x.ca" })
        defer { try? FileManager.default.removeItem(at: escaping.deletingLastPathComponent()) }
        #expect(throws: WallpaperError.invalidManifest(plist, reason: "the background bundle \"../../x.ca\" is not a path inside the wallpaper")) {
            try Wallpaper(contentsOf: escaping)
        }
        let bokeh = try WallpaperTests.tendies(manifest: Self.manifest { $0["type"] = "Bokeh" })
        defer { try? FileManager.default.removeItem(at: bokeh.deletingLastPathComponent()) }
        #expect(throws: WallpaperError.invalidManifest(plist, reason: "a Bokeh wallpaper, which Tessera does not render (LayeredAnimation and ParameterizedCA it does)")) {
            try Wallpaper(contentsOf: bokeh)
        }
        let noAssets = try WallpaperTests.tendies(manifest: ["name": "x"])
        defer { try? FileManager.default.removeItem(at: noAssets.deletingLastPathComponent()) }
        #expect(throws: WallpaperError.invalidManifest(plist, reason: "no assets dictionary")) { try Wallpaper(contentsOf: noAssets) }
        let garbage = try WallpaperTests.tendies(manifest: nil, extra: [(plist, Data("<plist><dict><key>a</key>".utf8))])
        defer { try? FileManager.default.removeItem(at: garbage.deletingLastPathComponent()) }
        #expect {
            try Wallpaper(contentsOf: garbage)
        } throws: { error in
            guard case WallpaperError.invalidManifest(plist, let reason) = error else { return false }
            return reason.hasPrefix("not a property list")
        }
    }

    @Test func otherBundlesAreNotAWallpaper() throws {
        let url = try TendiesArchiveTests.folder().appendingPathComponent("glyphs.tendies")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try TendiesArchiveTests.zip([("Glyph.ca/main.caml", TendiesArchiveTests.caml)], at: url)
        #expect(throws: WallpaperError.notAWallpaper(bundles: ["Glyph.ca"])) { try Wallpaper(contentsOf: url) }
    }

    /// A bundle that does not load fails the wallpaper, naming it; the others still load alone.
    @Test func aBundleThatDoesNotLoadIsNamed() throws {
        let path = TestWallpaper.wallpaperFolder + "/Broken.ca"
        let url = try WallpaperTests.tendies(manifest: Self.manifest { $0["foregroundAnimationFileName"] = "Broken.ca" },
                                             extra: [(path + "/main.caml", Data("<caml><CALayer".utf8))])
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect {
            try Wallpaper(contentsOf: url)
        } throws: { error in
            guard case WallpaperError.invalidBundle(path, .malformedCAML) = error else { return false }
            return true
        }
        #expect(try Wallpaper.loadBundle(named: "Floating", contentsOf: url).archive.rootLayer.sublayers?.first?.name == "Red")
        #expect(throws: WallpaperError.noSuchBundle("Sky", available: ["Background", "Foreground", "Floating"])) {
            try Wallpaper.loadBundle(named: "Sky", contentsOf: url)
        }
    }

    @Test func theZipsLimitsHold() throws {
        var limits = TendiesArchive.Limits()
        limits.entryCount = 5
        let url = try WallpaperTests.tendies()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(throws: WallpaperError.tendies(.tooManyEntries(url, limit: 5))) { try Wallpaper(contentsOf: url, limits: limits) }
        let bomb = "\(TestWallpaper.wallpaperFolder)/\(TestWallpaper.bundleNames[2])/assets/zeros.png"
        let bombed = try WallpaperTests.tendies(extra: [(bomb, Data(count: 4 << 20))])
        defer { try? FileManager.default.removeItem(at: bombed.deletingLastPathComponent()) }
        limits = TendiesArchive.Limits()
        limits.entryBytes = 1 << 20
        #expect(throws: WallpaperError.tendies(.tooLarge(bomb, limit: 1 << 20))) { try Wallpaper(contentsOf: bombed, limits: limits) }
        let hugePlist = try WallpaperTests.tendies(manifest: nil, extra: [(TestWallpaper.wallpaperFolder + "/Wallpaper.plist", Data(count: 2 << 20))])
        defer { try? FileManager.default.removeItem(at: hugePlist.deletingLastPathComponent()) }
        #expect(throws: WallpaperError.tendies(.tooLarge(TestWallpaper.wallpaperFolder + "/Wallpaper.plist", limit: 1 << 20))) {
            try Wallpaper(contentsOf: hugePlist, limits: limits)
        }
    }

    @Test func screenClassesAreRead() {
        let phone = WallpaperScreenClass("390w-844h@3x~iphone")
        #expect(phone.size == CGSize(width: 390, height: 844) && phone.scale == 3 && phone.device == "iphone")
        for name in ["any", "390w-844h@3x", "0w-844h@3x~iphone", "390x844@3x~iphone", "99999w-1h@1x~ipad", "w-h@x~", ""] {
            let other = WallpaperScreenClass(name)
            #expect(other.size == nil && other.scale == nil && other.device == nil, "\(name)")
        }
    }
}

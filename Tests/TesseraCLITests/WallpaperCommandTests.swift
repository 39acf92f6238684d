import Foundation
import Testing
import TesseraRaster
import WallpaperFixtures

/// `tessera render` and `inspect` on a wallpaper made for the tests (``TestWallpaper``: blue
/// background, green foreground square at 100…200, red floating square at 150…250 that
/// `Unlock` slides 100 points right): the whole wallpaper, one bundle by its short name, states
/// and transitions across the bundles, and the errors.
@Suite struct WallpaperCommandTests {
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
    static let green = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)

    /// A folder holding `Test.tendies`.
    static func folder(manifest: [String: Any]? = TestWallpaper.manifest) throws -> URL {
        let folder = try CLI.temporaryFolder()
        try TestWallpaper.writeTendies(to: folder.appendingPathComponent("Test.tendies"), manifest: manifest)
        return folder
    }

    static func png(_ name: String, in folder: URL) throws -> Pixmap {
        try Pixmap(contentsOfPNGFile: folder.appendingPathComponent(name).path)
    }

    @Test func withoutBundleTheWholeWallpaperRendersAtTheScreensSize() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", "Test.tendies", "-o", "w.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Test.tendies: not rendered: Background: script assets/Root_Layer.js (reported, not run)"))
        let pixels = try Self.png("w.png", in: folder)
        #expect((pixels.width, pixels.height) == (390, 844))
        #expect(pixels[120, 120] == Self.green && pixels[175, 175] == Self.red && pixels[230, 230] == Self.red)
        #expect(pixels[20, 800] == Self.blue && pixels[120, 724] == Self.blue)
        let phone = try CLI.run(["render", "Test.tendies", "--scale", "3", "-o", "phone.png", "--quiet"], in: folder)
        #expect(phone.status == 0 && phone.stderr.isEmpty, "\(phone.stderr)")
        let phonePixels = try Self.png("phone.png", in: folder)
        #expect((phonePixels.width, phonePixels.height) == (1170, 2532))
        #expect(phonePixels[360, 360] == Self.green && phonePixels[525, 525] == Self.red && phonePixels[60, 2400] == Self.blue)
    }

    @Test func bundleTakesShortNames() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let floating = try CLI.run(["render", "Test.tendies", "--bundle", "Floating", "-o", "f.png"], in: folder)
        #expect(floating.status == 0, "\(floating.stderr)")
        let pixels = try Self.png("f.png", in: folder)
        #expect(pixels[230, 230] == Self.red && pixels[20, 800] == .transparent && pixels[120, 120] == .transparent)
        let background = try CLI.run(["render", "Test.tendies", "--bundle", "Test_Back", "-o", "b.png"], in: folder)
        #expect(background.status == 0, "\(background.stderr)")
        #expect(background.stderr.contains("Test.tendies: not rendered: Background: script assets/Root_Layer.js (reported, not run)"))
        #expect(try Self.png("b.png", in: folder)[230, 230] == Self.blue)
        let wrong = try CLI.run(["render", "Test.tendies", "--bundle", "Floating.ca", "-o", "x.png"], in: folder)
        #expect(wrong.status == 64)
        #expect(wrong.stderr == "tessera: Test.tendies: no bundle \"Floating.ca\" in the wallpaper; it holds: Background, Foreground, Floating\n")
        let converted = try CLI.run(["convert", "Test.tendies", "--bundle", "foreground", "fg.ca", "--quiet"], in: folder)
        #expect(converted.status == 0 && FileManager.default.fileExists(atPath: folder.appendingPathComponent("fg.ca/main.caml").path))
    }

    /// `--state Sleep`: the background black and the floating square hidden; the foreground has
    /// no states and stays. Unknown states are usage errors listing the wallpaper's.
    @Test func aStateAppliesToEveryBundleThatHasIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["render", "Test.tendies", "--state", "Sleep", "-o", "sleep.png", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pixels = try Self.png("sleep.png", in: folder)
        #expect(pixels[20, 800] == Self.black && pixels[230, 230] == Self.black && pixels[120, 120] == Self.green)
        let wrong = try CLI.run(["render", "Test.tendies", "--state", "Home", "-o", "x.png"], in: folder)
        #expect(wrong.status == 64)
        #expect(wrong.stderr == "tessera: Test.tendies: no state \"Home\"; its states: Locked, Unlock, Sleep\n")
    }

    /// `--transition Locked:Unlock`: frames of the floating square sliding right, and the preview
    /// as an animated PNG (and a GIF where ffmpeg is installed) one second long, the transition's.
    @Test func aTransitionAnimatesTheWallpaper() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try CLI.run(["render", "Test.tendies", "--transition", "Locked:Unlock", "--frames", "3", "--fps", "2",
                                  "-o", "frames/", "--quiet"], in: folder)
        #expect(frames.status == 0, "\(frames.stderr)")
        #expect(CLI.contents(of: folder.appendingPathComponent("frames")) == ["Test-0001.png", "Test-0002.png", "Test-0003.png"])
        let start = try Self.png("frames/Test-0001.png", in: folder), middle = try Self.png("frames/Test-0002.png", in: folder)
        let end = try Self.png("frames/Test-0003.png", in: folder)
        #expect(start[160, 230] == Self.red && start[280, 230] == Self.blue)
        #expect(middle[190, 230] == Self.blue && middle[280, 230] == Self.red && middle[330, 230] == Self.blue)
        #expect(end[330, 230] == Self.red && end[230, 230] == Self.blue)
        let apng = try CLI.run(["render", "Test.tendies", "--transition", "Locked:Unlock", "-o", "preview.apng", "--quiet"], in: folder)
        #expect(apng.status == 0, "\(apng.stderr)")
        #expect(APNG.frameCount([UInt8](try Data(contentsOf: folder.appendingPathComponent("preview.apng")))) == 30)
        guard CLI.hasTool("ffmpeg") else { return }
        let gif = try CLI.run(["render", "Test.tendies", "--transition", "Locked:Unlock", "-o", "preview.gif", "--quiet"], in: folder)
        #expect(gif.status == 0, "\(gif.stderr)")
        #expect([UInt8](try Data(contentsOf: folder.appendingPathComponent("preview.gif"))).starts(with: Array("GIF89a".utf8)))
    }

    @Test func inspectShowsTheWallpaper() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["inspect", "Test.tendies"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let path = TestWallpaper.wallpaperFolder + "/"
        #expect(String(decoding: result.stdout, as: UTF8.self) == """
            wallpaper: Test Wallpaper
            screen: 390w-844h@3x~iphone (390×844 points at @3x, iphone)
            bundles, bottom first:
              Background: \(path)\(TestWallpaper.bundleNames[0])
                states: Locked, Unlock, Sleep
              Foreground: \(path)\(TestWallpaper.bundleNames[1])
              Floating: \(path)\(TestWallpaper.bundleNames[2])
                states: Locked, Unlock, Sleep
                transitions: Locked → Unlock
            states: Locked, Unlock, Sleep
            not rendered:
              Background: script assets/Root_Layer.js (reported, not run)
            skipped: nothing

            """)
        let json = try CLI.run(["inspect", "Test.tendies", "--json"], in: folder)
        let object = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        #expect((object?["bundles"] as? [[String: Any]])?.compactMap { $0["role"] as? String } == ["Background", "Foreground", "Floating"])
        #expect(object?["screenClass"] as? String == "390w-844h@3x~iphone" && object?["states"] as? [String] == ["Locked", "Unlock", "Sleep"])
    }

    /// The unzipped folder renders as the zip; a wallpaper that cannot be read is a data error,
    /// though its other bundles render alone.
    @Test func foldersAndErrors() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestWallpaper.writeFolder(to: folder.appendingPathComponent("Unzipped"))
        let zipped = try CLI.run(["render", "Test.tendies", "-o", "zipped.png", "--quiet"], in: folder)
        let unzipped = try CLI.run(["render", "Unzipped", "-o", "unzipped.png", "--quiet"], in: folder)
        #expect(zipped.status == 0 && unzipped.status == 0, "\(unzipped.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("zipped.png")) == Data(contentsOf: folder.appendingPathComponent("unzipped.png")))
        let brokenBundle = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: brokenBundle) }
        var assets = (TestWallpaper.manifest["assets"] as! [String: Any])["lockAndHome"] as! [String: Any]
        var asset = assets["default"] as! [String: Any]
        asset["foregroundAnimationFileName"] = "Broken.ca"
        assets["default"] = asset
        var manifest = TestWallpaper.manifest
        manifest["assets"] = ["lockAndHome": assets]
        try TestWallpaper.writeTendies(to: brokenBundle.appendingPathComponent("Test.tendies"), manifest: manifest,
                                       extra: [(TestWallpaper.wallpaperFolder + "/Broken.ca/main.caml", Data("<caml><CALayer".utf8))])
        let whole = try CLI.run(["render", "Test.tendies", "-o", "x.png"], in: brokenBundle)
        #expect(whole.status == 65 && whole.stderr.hasPrefix("tessera: Test.tendies: \(TestWallpaper.wallpaperFolder)/Broken.ca: 1:"), "\(whole.stderr)")
        let one = try CLI.run(["render", "Test.tendies", "--bundle", "Floating", "-o", "f.png", "--quiet"], in: brokenBundle)
        #expect(one.status == 0, "\(one.stderr)")
        manifest = TestWallpaper.manifest
        manifest["assets"] = "none"
        let broken = try Self.folder(manifest: manifest)
        defer { try? FileManager.default.removeItem(at: broken) }
        let result = try CLI.run(["render", "Test.tendies", "-o", "x.png"], in: broken)
        #expect(result.status == 65)
        #expect(result.stderr == "tessera: Test.tendies: \(TestWallpaper.wallpaperFolder)/Wallpaper.plist: no assets dictionary\n")
    }
}

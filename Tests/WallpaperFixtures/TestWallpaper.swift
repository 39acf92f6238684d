import Foundation
import Tessera
import ZIPFoundation

/// A lock-screen wallpaper made for the tests, laid out as CAPlayground exports one
/// (apps/web/components/editor/ExportDialog.tsx and its template tendies.zip): under
/// `descriptors/<id>/versions/1/contents/`, a `7400.Test-390w-844h@3x~iphone.wallpaper` folder
/// with `Wallpaper.plist` and three bundles, each written by Tessera's CAML writer from a
/// document in the editors' spelling (a `Root Layer` with `geometryFlipped="1"`, the states
/// `Locked`, `Unlock` and `Sleep`).
///
/// What it shows, in points of the 390 × 844 screen (y down):
/// - Background: the whole screen blue; in `Sleep`, black. It carries a script,
///   `assets/Root_Layer.js`, as the editors' template does.
/// - Foreground: a green square, x and y 100…200. No states.
/// - Floating: a red square, x and y 150…250, over the green one's corner. `Unlock` moves it
///   100 points right (the `Locked → Unlock` transition: 1 s, linear); `Sleep` hides it.
public enum TestWallpaper {
    /// The `.wallpaper` folder's path in the zip.
    public static let wallpaperFolder = "descriptors/09E9B685-7456-4856-9C10-47DF26B76C33/versions/1/contents/7400.Test-390w-844h@3x~iphone.wallpaper"
    /// The bundles' folder names, bottom first.
    public static let bundleNames = ["7400.Test_Background-390w-844h@3x~iphone.ca", "7400.Test_Foreground-390w-844h@3x~iphone.ca",
                                     "7400.Test_Floating-390w-844h@3x~iphone.ca"]

    /// `Wallpaper.plist` as the editors write it.
    public static var manifest: [String: Any] {
        [
        "appearanceAware": false, "family": "Test", "identifier": 7400, "name": "Test Wallpaper", "version": 1,
        "logicalScreenClass": "390w-844h@3x~iphone",
        "assets": ["lockAndHome": ["default": [
            "backgroundAnimationFileName": bundleNames[0], "foregroundAnimationFileName": bundleNames[1],
            "floatingAnimationFileNameKey": bundleNames[2], "identifier": 7400, "name": "Test Wallpaper",
            "type": "LayeredAnimation",
        ]]],
        ]
    }

    /// Writes the wallpaper as a `.tendies` zip at `url`, with `manifest` as its
    /// `Wallpaper.plist` (nil: none) and `extra` entries (path → bytes) after the others.
    public static func writeTendies(to url: URL, manifest: [String: Any]? = manifest, extra: [(String, Data)] = []) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in try files(manifest: manifest) + extra {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    /// Writes the wallpaper as the folder an unzipped `.tendies` is, at `url`.
    public static func writeFolder(to url: URL, manifest: [String: Any]? = manifest) throws {
        for (path, data) in try files(manifest: manifest) {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
    }

    /// The files of the wallpaper, path → bytes: the plist, each bundle as the CAML writer writes
    /// it, and the script.
    static func files(manifest: [String: Any]?) throws -> [(String, Data)] {
        var files: [(String, Data)] = []
        if let manifest {
            files.append((wallpaperFolder + "/Wallpaper.plist",
                          try PropertyListSerialization.data(fromPropertyList: manifest, format: .binary, options: 0)))
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("test-wallpaper-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (name, caml) in zip(bundleNames, [background, foreground, floating]) {
            var archive = try SceneDocument(camlData: Data(caml.utf8))
            archive.documentSize = CGSize(width: 390, height: 844)
            let bundle = scratch.appendingPathComponent(name)
            try archive.writeCAMLBundle(to: bundle)
            for file in try FileManager.default.contentsOfDirectory(atPath: bundle.path).sorted() {
                files.append(("\(wallpaperFolder)/\(name)/\(file)", try Data(contentsOf: bundle.appendingPathComponent(file))))
            }
        }
        files.append(("\(wallpaperFolder)/\(bundleNames[0])/assets/Root_Layer.js", Data("'use strict';\n".utf8)))
        return files
    }

    static let background = """
        <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
          <CALayer id="#1" bounds="0 0 390 844" position="195 422" geometryFlipped="1" name="Root Layer">
            <backgroundColor value="0 0 1"/>
            <states>
              <LKState name="Locked"><elements/></LKState>
              <LKState name="Unlock"><elements/></LKState>
              <LKState name="Sleep"><elements>
                <LKStateSetValue targetId="#1" keyPath="backgroundColor"><value type="CGColor" value="0 0 0"/></LKStateSetValue>
              </elements></LKState>
            </states>
          </CALayer>
        </caml>
        """

    static let foreground = """
        <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
          <CALayer bounds="0 0 390 844" position="195 422" geometryFlipped="1" name="Root Layer">
            <sublayers>
              <CALayer bounds="0 0 100 100" position="150 150" name="Green"><backgroundColor value="0 1 0"/></CALayer>
            </sublayers>
          </CALayer>
        </caml>
        """

    static let floating = """
        <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
          <CALayer bounds="0 0 390 844" position="195 422" geometryFlipped="1" name="Root Layer">
            <sublayers>
              <CALayer id="#2" bounds="0 0 100 100" position="200 200" name="Red"><backgroundColor value="1 0 0"/></CALayer>
            </sublayers>
            <states>
              <LKState name="Locked"><elements/></LKState>
              <LKState name="Unlock"><elements>
                <LKStateSetValue targetId="#2" keyPath="position"><value type="CGPoint" value="300 200"/></LKStateSetValue>
              </elements></LKState>
              <LKState name="Sleep"><elements>
                <LKStateSetValue targetId="#2" keyPath="opacity"><value type="real" value="0"/></LKStateSetValue>
              </elements></LKState>
            </states>
            <stateTransitions>
              <LKStateTransition fromState="Locked" toState="Unlock"><elements>
                <LKStateTransitionElement key="position" targetId="#2">
                  <animation type="CABasicAnimation" keyPath="position" duration="1" fillMode="backwards" timingFunction="linear"/>
                </LKStateTransitionElement>
              </elements></LKStateTransition>
            </stateTransitions>
          </CALayer>
        </caml>
        """
}

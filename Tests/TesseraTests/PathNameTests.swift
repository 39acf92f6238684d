import Foundation
import Testing

@testable import TesseraCore

/// `PathName` reads a path's extension and base name as `URL(fileURLWithPath:)` does, on plain
/// names from the bytes and on any other through the URL.
@Suite struct PathNameTests {
    static let paths = [
        "V.json", "/tmp/a/V.json", "a.JSON", "A.Lottie", "a.lottie", "x.ca", "x.ca/", "a.json/", "a.json//", "a.wallpaper",
        "a.tendies", "a.tar.gz", "a.b.c", "a.1", "a.mp4", "-.json", "a-b_c.json", "name with spaces.json", "é.json",
        "日本.lottie", "a%20b.json", "a:b.json", "a\\b.json", "~/a.json", "./a.json", "../a.json", "a/./b.json",
        "a/../b.json", "V.json/../W.json", "/abs/path/to/V.json", "a", "a.", "a..json", "a.json.", "dir/",
        // Read through the URL: no plain name.
        "", ".", "..", "/", "//", "./", "a/.", "a/..", "a/./", "a.b/.", "x.json/.", "a.json/..", ".json", "..json",
        "...json", ".hidden", "a/.json", "a.j son", "a.c-d", "a.c_d", "a.json?x", "a.json#y", "a.😀", "a.éjson",
    ]

    @Test(arguments: paths)
    func readsAsTheURLDoes(_ path: String) {
        let url = URL(fileURLWithPath: path)
        #expect(PathName.pathExtension(of: path) == url.pathExtension)
        #expect(PathName.baseName(of: path) == url.deletingPathExtension().lastPathComponent)
    }
}

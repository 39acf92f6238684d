import Foundation

/// An image asset (`assets` entry with `p`): embedded as a `data:` URL, or a file `u` + `p`
/// beside the document; drawn at `w` × `h` points.
struct ImageAsset: Sendable {
    var width: Double
    var height: Double
    /// The folder (`u`) and file name or `data:` URL (`p`).
    var folder: String
    var path: String

    init(_ node: JSONNode) throws(LottieError) {
        width = try node.number("w", default: 0)
        height = try node.number("h", default: 0)
        folder = try node.string("u") ?? ""
        path = try node.required("p").string
    }

    /// The bytes of an embedded image (`data:…;base64,…`); nil for a file.
    var embeddedData: Data? {
        guard path.hasPrefix("data:"), let comma = path.firstIndex(of: ",") else { return nil }
        return Data(base64Encoded: String(path[path.index(after: comma)...]), options: .ignoreUnknownCharacters)
    }

    /// The file of the image in `base`'s folder; nil when it would leave that folder (an
    /// absolute path, a `..`, a URL).
    func file(besides base: URL) -> URL? {
        let relative = folder + path
        guard !relative.hasPrefix("/"), !relative.contains("://"), !relative.split(separator: "/").contains("..") else { return nil }
        return base.deletingLastPathComponent().appendingPathComponent(relative)
    }
}

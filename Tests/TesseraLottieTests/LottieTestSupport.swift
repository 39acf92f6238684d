import Foundation
import Tessera
@testable import TesseraLottie
import TesseraRaster

/// Small Lottie documents written in the tests, and their renders.
enum Lottie {
    /// A document of `width` × `height` at `frameRate`, frames `inPoint` up to `outPoint`.
    static func document(width: Int = 100, height: Int = 100, frameRate: Double = 10, inPoint: Double = 0, outPoint: Double = 10,
                         layers: [[String: Any]], assets: [[String: Any]] = [], extra: [String: Any] = [:]) -> Data {
        var root: [String: Any] = ["v": "5.7.0", "fr": frameRate, "ip": inPoint, "op": outPoint, "w": width, "h": height,
                                   "layers": layers, "assets": assets]
        root.merge(extra) { $1 }
        return try! JSONSerialization.data(withJSONObject: root)
    }

    /// A fixed property.
    static func value(_ v: Any) -> [String: Any] { ["a": 0, "k": v] }

    /// An animated property from keyframes (`t`, `s`, and easing or `h`).
    static func keyframes(_ keyframes: [[String: Any]]) -> [String: Any] { ["a": 1, "k": keyframes] }

    /// A linear keyframe.
    static func key(_ t: Double, _ s: [Double], hold: Bool = false) -> [String: Any] {
        var keyframe: [String: Any] = ["t": t, "s": s, "o": ["x": [0], "y": [0]], "i": ["x": [1], "y": [1]]]
        if hold { keyframe["h"] = 1 }
        return keyframe
    }

    /// A layer transform; everything at Lottie's defaults unless given.
    static func transform(anchor: Any = value([0, 0]), position: Any = value([0, 0]), scale: Any = value([100, 100]),
                          rotation: Any = value(0), opacity: Any = value(100)) -> [String: Any] {
        ["a": anchor, "p": position, "s": scale, "r": rotation, "o": opacity]
    }

    /// A shape layer.
    static func shapeLayer(_ shapes: [[String: Any]], index: Int = 1, parent: Int? = nil, transform: [String: Any] = transform(),
                           inPoint: Double = 0, outPoint: Double = 10, name: String = "shape") -> [String: Any] {
        var layer: [String: Any] = ["ty": 4, "nm": name, "ind": index, "ip": inPoint, "op": outPoint, "st": 0, "ks": transform,
                                    "shapes": shapes]
        if let parent { layer["parent"] = parent }
        return layer
    }

    static func rectangle(x: Double, y: Double, width: Double, height: Double) -> [String: Any] {
        ["ty": "rc", "p": value([x + width / 2, y + height / 2]), "s": value([width, height]), "r": value(0)]
    }

    static func fill(_ rgb: [Double], opacity: Any = value(100)) -> [String: Any] {
        ["ty": "fl", "c": value(rgb), "o": opacity, "r": 1]
    }

    /// Renders `data` at `time` seconds from its in point, 1 thread, over transparent black.
    static func render(_ data: Data, at time: Double = 0) throws -> Pixmap {
        let animation = try LottieAnimation(data: data)
        let pixmap = try Pixmap(width: Int(animation.size.width), height: Int(animation.size.height))
        LayerRenderer(threadCount: 1).render(animation.rootLayer, at: time, into: pixmap)
        return pixmap
    }

    /// The pixels of `pixmap` where `covered` is true, and whether they are all `inside`, the
    /// others all `outside`.
    static func matches(_ pixmap: Pixmap, inside: PremultipliedRGBA8, outside: PremultipliedRGBA8,
                        where covered: (Int, Int) -> Bool) -> Bool {
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width where pixmap[x, y] != (covered(x, y) ? inside : outside) { return false }
        }
        return true
    }
}

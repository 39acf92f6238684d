import Foundation

/// The Lottie document of the `lottie` bench scene, written here as the JSON a designer's export
/// holds (Bodymovin 5.7): 1920 × 1080 at 60 frames per second, 120 frames, looping. Fixed:
/// figures are compared over time.
///
/// - a solid background, dark blue;
/// - 24 instances of one precomposition, "card" (240 × 240), centred on a grid of 6 × 4, 320
///   pixels apart across from x = 160 and 260 down from y = 150, each turning a full turn in 2 s (started 5 frames after the one
///   before), scaled 80 % to 100 % and back; every third has an elliptic mask (add), every
///   fourth is shown through the alpha of a disc moving across it (an alpha matte), the fifth
///   through a luma matte;
/// - the card: a rounded square 200 × 200 (radius 24) filled with a 3-stop linear gradient, under
///   its outline stroked 6 wide and trimmed from 0 to 100 % over the 2 s; a five-pointed star
///   (radii 30 and 70) filled with a radial gradient, turning the other way;
/// - a burst at the frame's centre: a rounded bar 16 × 120 repeated 24 times around the centre
///   (15° apart, each copy less opaque), turning a quarter turn in 2 s; a ring of radius 300
///   stroked 10 wide, trimmed over an offset that turns once in 2 s.
enum LottieSceneDocument {
    static let width = 1920, height = 1080, frameRate = 60.0, frames = 120.0

    static func data() -> Data {
        let root: [String: Any] = [
            "v": "5.7.4", "fr": frameRate, "ip": 0, "op": frames, "w": width, "h": height, "nm": "tessera-bench",
            "assets": [["id": "card", "w": 240, "h": 240, "layers": cardLayers()]],
            "layers": burstLayers(firstIndex: 1) + cardInstances(firstIndex: 3) + [background(index: 200)],
        ]
        // Sorted keys: the same bytes on every run (the reader does not care about the order).
        return try! JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    }

    // MARK: The card precomposition

    private static func cardLayers() -> [[String: Any]] {
        // Items above are drawn over those below; a trim changes the paths above it.
        let outline = group([
            ["ty": "rc", "p": value([0, 0]), "s": value([200, 200]), "r": value(24)],
            ["ty": "tm", "s": value(0), "e": keyframes([(0, [0]), (frames, [100])]), "o": value(0), "m": 1],
            ["ty": "st", "c": value([1, 1, 1, 1]), "o": value(90), "w": value(6), "lc": 2, "lj": 2],
        ])
        let square = group([
            ["ty": "rc", "p": value([0, 0]), "s": value([200, 200]), "r": value(24)],
            gradientFill(
                kind: 1, start: [-100, -100], end: [100, 100],
                stops: [0, 0.95, 0.45, 0.2, 0.5, 0.85, 0.2, 0.5, 1, 0.25, 0.3, 0.9]),
        ])
        let star = group([
            [
                "ty": "sr", "sy": 1, "d": 1, "pt": value(5), "p": value([0, 0]), "r": value(0),
                "ir": value(30), "is": value(0), "or": value(70), "os": value(0),
            ],
            gradientFill(kind: 2, start: [0, 0], end: [70, 0], stops: [0, 1, 1, 0.6, 0.6, 1, 0.7, 0.1, 1, 0.6, 0.2, 0.05]),
        ])
        return [
            shapeLayer(
                index: 1, name: "star", [star],
                transform: transform(
                    position: value([120, 120]), rotation: keyframes([(0, [0]), (frames, [-360])]))),
            shapeLayer(index: 2, name: "square", [outline, square], transform: transform(position: value([120, 120]))),
        ]
    }

    /// The 24 cards, each with the matte layer above it that it uses, if any.
    private static func cardInstances(firstIndex: Int) -> [[String: Any]] {
        var layers: [[String: Any]] = []
        var index = firstIndex
        for k in 0..<24 {
            let x = 160.0 + Double(k % 6) * 320, y = 150.0 + Double(k / 6) * 260
            let start = Double(5 * k)
            var card: [String: Any] = [
                "ty": 0, "nm": "card \(k)", "refId": "card", "w": 240, "h": 240, "ip": 0, "op": frames, "st": 0,
                "ks": transform(
                    anchor: value([120, 120]), position: value([x, y]),
                    scale: keyframes([(0, [80, 80]), (frames / 2, [100, 100]), (frames, [80, 80])]),
                    rotation: keyframes([(-start, [0]), (frames - start, [360])])),
            ]
            if k % 3 == 0 {
                card["hasMask"] = true
                card["masksProperties"] = [
                    [
                        "mode": "a", "inv": false, "o": value(100), "x": value(0),
                        "pt": value(ellipsePath(center: [120, 120], radius: 105)),
                    ]
                ]
            }
            let matte: Int? = k == 5 ? 3 : (k % 4 == 0 ? 1 : nil)
            if let matte {
                layers.append(
                    shapeLayer(
                        index: index, name: "matte \(k)",
                        [
                            group([
                                ["ty": "el", "p": value([0, 0]), "s": value([180, 180])],
                                ["ty": "fl", "c": value([1, 1, 1, 1]), "o": value(100), "r": 1],
                            ])
                        ],
                        transform: transform(position: keyframes([(0, [x - 60, y]), (frames / 2, [x + 60, y]), (frames, [x - 60, y])])),
                        extra: ["td": 1]))
                index += 1
                card["tt"] = matte
            }
            card["ind"] = index
            index += 1
            layers.append(card)
        }
        return layers
    }

    // MARK: The burst

    private static func burstLayers(firstIndex: Int) -> [[String: Any]] {
        let center = [Double(width) / 2, Double(height) / 2]
        let bars = group([
            ["ty": "rc", "p": value([0, -220]), "s": value([16, 120]), "r": value(8)],
            ["ty": "fl", "c": value([0.95, 0.8, 0.3, 1]), "o": value(100), "r": 1],
            [
                "ty": "rp", "c": value(24), "o": value(0), "m": 1,
                "tr": [
                    "ty": "tr", "a": value([0, 0]), "p": value([0, 0]), "s": value([100, 100]), "r": value(15),
                    "so": value(100), "eo": value(30),
                ],
            ],
        ])
        let ring = group([
            ["ty": "el", "p": value([0, 0]), "s": value([600, 600])],
            ["ty": "tm", "s": value(0), "e": value(60), "o": keyframes([(0, [0]), (frames, [360])]), "m": 1],
            ["ty": "st", "c": value([0.3, 0.9, 1, 1]), "o": value(80), "w": value(10), "lc": 2, "lj": 1],
        ])
        return [
            shapeLayer(
                index: firstIndex, name: "bars", [bars],
                transform: transform(
                    position: value(center), rotation: keyframes([(0, [0]), (frames, [90])]))),
            shapeLayer(index: firstIndex + 1, name: "ring", [ring], transform: transform(position: value(center))),
        ]
    }

    private static func background(index: Int) -> [String: Any] {
        [
            "ty": 1, "nm": "background", "ind": index, "ip": 0, "op": frames, "st": 0, "sc": "#141a2e",
            "sw": width, "sh": height, "ks": transform(),
        ]
    }

    // MARK: JSON pieces

    private static func value(_ v: Any) -> [String: Any] { ["a": 0, "k": v] }

    /// An animated property, eased in and out between keyframes (time in frames, value).
    private static func keyframes(_ keys: [(Double, [Double])]) -> [String: Any] {
        [
            "a": 1,
            "k": keys.map { time, value -> [String: Any] in
                ["t": time, "s": value, "o": ["x": [0.33], "y": [0]], "i": ["x": [0.67], "y": [1]]]
            },
        ]
    }

    private static func transform(
        anchor: [String: Any] = value([0, 0]), position: [String: Any] = value([0, 0]),
        scale: [String: Any] = value([100, 100]), rotation: [String: Any] = value(0)
    ) -> [String: Any] {
        ["a": anchor, "p": position, "s": scale, "r": rotation, "o": value(100)]
    }

    private static func group(_ items: [[String: Any]]) -> [String: Any] {
        [
            "ty": "gr",
            "it": items + [
                [
                    "ty": "tr", "a": value([0, 0]), "p": value([0, 0]), "s": value([100, 100]),
                    "r": value(0), "o": value(100), "sk": value(0), "sa": value(0),
                ]
            ],
        ]
    }

    private static func gradientFill(kind: Int, start: [Double], end: [Double], stops: [Double]) -> [String: Any] {
        [
            "ty": "gf", "t": kind, "s": value(start), "e": value(end), "o": value(100), "r": 1,
            "g": ["p": stops.count / 4, "k": value(stops)], "h": value(0), "a": value(0),
        ]
    }

    private static func shapeLayer(
        index: Int, name: String, _ shapes: [[String: Any]], transform: [String: Any],
        extra: [String: Any] = [:]
    ) -> [String: Any] {
        var layer: [String: Any] = [
            "ty": 4, "nm": name, "ind": index, "ip": 0, "op": frames, "st": 0, "ks": transform,
            "shapes": shapes,
        ]
        layer.merge(extra) { $1 }
        return layer
    }

    /// A closed ellipse path as Lottie writes one: four cubic segments (tangents 0.5523 of the radius).
    private static func ellipsePath(center: [Double], radius: Double) -> [String: Any] {
        let k = 0.5523 * radius, (cx, cy) = (center[0], center[1])
        return [
            "c": true,
            "v": [[cx, cy - radius], [cx + radius, cy], [cx, cy + radius], [cx - radius, cy]],
            "o": [[k, 0], [0, k], [-k, 0], [0, -k]],
            "i": [[-k, 0], [0, -k], [k, 0], [0, k]],
        ]
    }
}

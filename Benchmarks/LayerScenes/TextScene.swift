import Foundation
import Tessera
import TesseraRaster

/// `text`: issue 22's text bench. 200 `CATextLayer`s of 40 characters over a 1920 × 1080
/// frame, every string new each frame (so every layout is shaped and built again: no cache hit).
/// One frame advances the clock by 1/60 s, sets the strings, evaluates the tree and renders it.
///
/// The tree (fixed: figures are compared over time):
/// - a root `CALayer` 1920 × 1080, background (0.08, 0.08, 0.1);
/// - 200 text layers in 4 columns of 50 rows, each 480 × 21.6, DejaVu Sans at 14 points, colour
///   (0.9, 0.9, 0.8); layer i at frame n shows ``string(layer:frame:)``: the frame's and layer's
///   numbers, then a pangram, 40 characters in all.
public final class TextScene: LayerBenchScene {
    public static let name = "text"
    public static let summary = "200 text layers of 40 characters (DejaVu Sans 14 pt), every string new each frame"
    public static let width = 1920, height = 1080
    public static let columns = 4, rows = 50, characters = 40

    public let root = CALayer()
    public let clock = AnimationClock(time: 0)
    public let renderer = LayerRenderer(threadCount: 1)
    public let pixmap: Pixmap
    public private(set) var layers: [CATextLayer] = []
    private var frameNumber = 0

    public init() throws {
        pixmap = try Pixmap(width: Self.width, height: Self.height)
        clock.attach(root)
        let frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.bounds = frame
        root.position = CGPoint(x: frame.midX, y: frame.midY)
        root.backgroundColor = CGColor(red: 0.08, green: 0.08, blue: 0.1, alpha: 1)
        let size = CGSize(width: frame.width / CGFloat(Self.columns), height: frame.height / CGFloat(Self.rows))
        for i in 0..<(Self.columns * Self.rows) {
            let layer = CATextLayer()
            layer.frame = CGRect(
                x: CGFloat(i % Self.columns) * size.width, y: CGFloat(i / Self.columns) * size.height,
                width: size.width, height: size.height)
            layer.font = "DejaVu Sans"
            layer.fontSize = 14
            layer.foregroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.8, alpha: 1)
            layer.string = Self.string(layer: i, frame: 0)
            root.addSublayer(layer)
            layers.append(layer)
        }
    }

    /// What layer `layer` shows at frame `frame`: 40 characters, different for every frame and layer.
    public static func string(layer: Int, frame: Int) -> String {
        // "#<frame> L<layer> " and the pangram, cut at 40 bytes: ASCII, so 40 characters. Written
        // into the string's own storage, the pangram's bytes copied at once, through functions
        // that capture nothing: the harness's strings are serial work before every frame.
        String(unsafeUninitializedCapacity: characters) { bytes in
            let bytes = UnsafeMutableBufferPointer(rebasing: bytes.prefix(characters))
            var count = 0
            put(UInt8(ascii: "#"), into: bytes, at: &count)
            put(decimal: frame, into: bytes, at: &count)
            put(UInt8(ascii: " "), into: bytes, at: &count)
            put(UInt8(ascii: "L"), into: bytes, at: &count)
            put(decimal: layer, into: bytes, at: &count)
            put(UInt8(ascii: " "), into: bytes, at: &count)
            let rest = min(bytes.count - count, pangram.utf8CodeUnitCount)
            (bytes.baseAddress! + count).initialize(from: pangram.utf8Start, count: rest)
            return count + rest
        }
    }

    private static let pangram: StaticString = "The quick brown fox jumps over the lazy dog, again and again"

    private static func put(_ byte: UInt8, into bytes: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) {
        if count < bytes.count {
            bytes[count] = byte
            count += 1
        }
    }

    private static func put(decimal value: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) {
        if value >= 10 { put(decimal: value / 10, into: bytes, at: &count) }
        put(UInt8(ascii: "0") + UInt8(value % 10), into: bytes, at: &count)
    }

    public func prepareFrame() {
        frameNumber += 1
        for (i, layer) in layers.enumerated() { layer.string = Self.string(layer: i, frame: frameNumber) }
    }
}

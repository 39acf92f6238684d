import Foundation
import TesseraCore
import TesseraLottie

/// `render`'s options that put values, images, texts and fonts into a Lottie animation in place
/// of the file's, and crop it to a viewport (``LottieAnimation/Configuration``), as written on
/// the command line.
struct LottieProviderOptions: Equatable {
    /// `KEYPATH=VALUE`, each `--value`.
    var values: [String] = []
    /// `NAME=FILE`, each `--image`.
    var images: [String] = []
    var imageGravity: String?
    /// `KEYPATH=TEXT`, each `--text`.
    var texts: [String] = []
    /// `NAME` or `NAME:SIZE`.
    var font: String?
    /// `X,Y,W,H`.
    var viewport: String?

    var isEmpty: Bool { self == LottieProviderOptions() }

    /// The configuration they say; a usage error (`--value "a.Color=#12"`: why) for one that does
    /// not read, and a missing image file is one too.
    func configuration() throws(CommandFailure) -> LottieAnimation.Configuration {
        var configuration = LottieAnimation.Configuration()
        for option in values {
            let (keypath, text) = try Self.split(option, "--value")
            guard let provider = Self.provider(text) else {
                throw CommandFailure(
                    .usage,
                    "--value \(option): a value is #RRGGBB[AA], a number, X,Y, a gradient #RRGGBB[AA]@LOCATION,…, or keyframes FRAME:VALUE;…"
                )
            }
            configuration.setValue(provider, for: AnimationKeypath(keypath: keypath))
        }
        if !images.isEmpty || imageGravity != nil {
            var provider = LottieImageProvider()
            for option in images {
                let (name, file) = try Self.split(option, "--image")
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw CommandFailure(.noInput, "--image \(option): cannot read \(file)")
                }
                if name == "*" { provider.everyImage = data } else { provider.images[name] = data }
            }
            if let imageGravity {
                guard let gravity = Self.gravities[imageGravity] else {
                    throw CommandFailure(.usage, "--image-gravity takes \(Self.gravities.keys.sorted().joined(separator: ", "))")
                }
                provider.contentsGravity = gravity
            }
            configuration.imageProvider = provider
        }
        if !texts.isEmpty {
            var pairs: [(key: String, text: String)] = []
            for option in texts { pairs.append(try Self.split(option, "--text")) }
            configuration.textProvider = Self.textProvider(pairs)
        }
        if let font {
            let parts = font.split(separator: ":", maxSplits: 1).map(String.init)
            let size = parts.count == 2 ? Double(parts[1]) : nil
            guard let name = parts.first, !name.isEmpty, parts.count == 1 || (size.map { $0.isFinite && $0 > 0 } ?? false) else {
                throw CommandFailure(.usage, "--font takes NAME or NAME:SIZE, not \(font)")
            }
            configuration.fontProvider = LottieFontProvider { _, fileSize in (name, size ?? fileSize) }
        }
        if let viewport {
            let numbers = viewport.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] > 0, numbers[3] > 0 else {
                throw CommandFailure(.usage, "--viewport takes X,Y,WIDTH,HEIGHT in points, the size positive, not \(viewport)")
            }
            configuration.viewport = CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        return configuration
    }

    /// `KEY=VALUE` at its first `=`.
    private static func split(_ option: String, _ name: String) throws(CommandFailure) -> (String, String) {
        guard let equals = option.firstIndex(of: "="), equals != option.startIndex else {
            throw CommandFailure(.usage, "\(name) takes KEY=VALUE, not \(option)")
        }
        return (String(option[..<equals]), String(option[option.index(after: equals)...]))
    }

    /// A value, or keyframes `FRAME:VALUE;FRAME:VALUE…`.
    static func provider(_ text: String) -> LottieValueProvider? {
        guard text.contains(":") else { return value(text).map { LottieValueProvider($0) } }
        var keyframes: [LottieValueProvider.Keyframe] = []
        for entry in text.split(separator: ";") {
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let frame = Double(parts[0]), let value = value(parts[1]) else { return nil }
            keyframes.append(LottieValueProvider.Keyframe(frame: frame, value: value))
        }
        return try? LottieValueProvider(keyframes: keyframes)
    }

    /// `#RRGGBB[AA]`, a number, `X,Y`, or a gradient `#RRGGBB[AA]@LOCATION,…`.
    private static func value(_ text: String) -> LottieValue? {
        if text.contains("@") {
            var colors: [LottieColor] = [], locations: [Double] = []
            for stop in text.split(separator: ",") {
                let parts = stop.split(separator: "@").map(String.init)
                guard parts.count == 2, let color = color(parts[0]), let location = Double(parts[1]), location.isFinite else { return nil }
                colors.append(color)
                locations.append(location)
            }
            return colors.isEmpty ? nil : .gradient(colors: colors, locations: locations)
        }
        if let color = color(text) { return .color(color) }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.allSatisfy({ $0?.isFinite ?? false }) else { return nil }
        switch numbers.count {
        case 1: return .number(numbers[0]!)
        case 2: return .point(x: numbers[0]!, y: numbers[1]!)
        default: return nil
        }
    }

    private static func color(_ text: String) -> LottieColor? {
        guard text.hasPrefix("#"), text.count == 7 || text.count == 9, let bits = UInt32(text.dropFirst(), radix: 16) else { return nil }
        let rgba = text.count == 7 ? bits << 8 | 0xFF : bits
        func channel(_ shift: UInt32) -> Double { Double(rgba >> shift & 0xFF) / 255 }
        return LottieColor(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    /// Each `KEY=TEXT` for the text layers whose full keypath or name is KEY (as lottie-ios's
    /// `DictionaryTextProvider`), or whose keypath KEY matches as a pattern (`**` for all); the
    /// last that applies wins.
    private static func textProvider(_ pairs: [(key: String, text: String)]) -> LottieTextProvider {
        let patterns = pairs.map { (pattern: AnimationKeypath(keypath: $0.key), key: $0.key, text: $0.text) }
        return LottieTextProvider { keypath, _ in
            patterns.last { $0.key == keypath.description || $0.key == keypath.keys.last || $0.pattern.matches(keypath) }?.text
        }
    }

    private static let gravities: [String: CALayerContentsGravity] = [
        "resize": .resize, "resizeAspect": .resizeAspect, "resizeAspectFill": .resizeAspectFill, "center": .center,
    ]
}

import ArgumentParser
import Foundation
import Tessera
import TesseraRaster

/// `--background`: a colour (`#RRGGBB`, `#RRGGBBAA`, `#RGB`, or `white`, `black`, `transparent`)
/// or a PNG file of the frame's size, drawn under every frame.
enum BackgroundOption: ExpressibleByArgument, Equatable {
    case color(Color)
    case image(path: String)

    static let named: [String: Color] = ["white": .white, "black": .black, "transparent": .clear, "clear": .clear]

    init?(argument: String) {
        if let color = Self.named[argument.lowercased()] {
            self = .color(color)
        } else if argument.hasPrefix("#") {
            guard let color = Self.hexColor(argument.dropFirst()) else { return nil }
            self = .color(color)
        } else if argument.lowercased().hasSuffix(".png") {
            self = .image(path: argument)
        } else {
            return nil
        }
    }

    /// How `--help` shows a default: the colour's name or `#RRGGBBAA`, or the file.
    var defaultValueDescription: String {
        switch self {
        case .color(let color):
            if let name = Self.named.first(where: { $0.value == color && $0.key != "clear" })?.key { return name }
            let bytes = [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
            return "#" + bytes.map { String(format: "%02X", $0) }.joined()
        case .image(let path):
            return path
        }
    }

    /// `RGB`, `RRGGBB` or `RRGGBBAA` in hexadecimal.
    private static func hexColor(_ digits: Substring) -> Color? {
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        let expanded = digits.count == 3 ? String(digits.flatMap { [$0, $0] }) : String(digits)
        let value = UInt32(expanded, radix: 16)!
        let channels = expanded.count == 8 ? [value >> 24, value >> 16, value >> 8, value] : [value >> 16, value >> 8, value, 255]
        let c = channels.map { Double($0 & 0xFF) / 255 }
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// The background for frames of `width` × `height`; an image must have that size.
    func resolved(width: Int, height: Int) throws(CommandFailure) -> FrameBackground {
        switch self {
        case .color(let color):
            return .color(color)
        case .image(let path):
            if let reason = unreadableReason(path) { throw CommandFailure(.noInput, "\(path): cannot read: \(reason)") }
            let image: Pixmap
            do {
                image = try Pixmap(contentsOfPNGFile: path)
            } catch {
                throw CommandFailure(.dataError, "\(path): not a readable PNG image (\(error))")
            }
            guard image.width == width, image.height == height else {
                throw CommandFailure(
                    .usage,
                    """
                    \(path): the background is \(image.width)×\(image.height) pixels, the frames \(width)×\(height): give an image of the \
                    frame's size, or --size \(image.width)x\(image.height)
                    """
                )
            }
            return .image(image)
        }
    }
}

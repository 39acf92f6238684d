import Foundation
import TesseraCore
import TesseraDocument
import TesseraKeyedArchive
import TesseraRaster

/// `contents` in archives: an `LKCGImageCodingProxy` whose only key, `data`, holds a PNG file's
/// bytes (../shared/assets: Apple's encoder writes PNG). Empty data, which apps write when they
/// set the image at run time, and nil load as no contents; data that does not decode is reported.
extension LayerContents: ArchivableProperty {
    static let proxyClass = ArchiveClass("LKCGImageCodingProxy", superclasses: ["CACodingProxy", "NSObject"])

    static func decode(_ value: ArchivedValue, with reader: inout ArchivedValueReader) throws -> LayerContents {
        guard value != .null else { return .none }
        guard let proxy = value.objectValue else {
            throw ArchiveDecodingFailure.unsupported(className: nil, reason: .unsupportedValue("contents that are not an image"))
        }
        guard proxy.className == proxyClass.name else {
            throw ArchiveDecodingFailure.unsupported(className: proxy.className, reason: .unsupportedClass)
        }
        guard let field = try proxy.value(forKey: "data"), case .data(let bytes) = field, !bytes.isEmpty else {
            return .none
        }
        do {
            return LayerContents(try CGImage(decoding: Data(bytes)))
        } catch {
            throw ArchiveDecodingFailure.unsupported(className: proxy.className, reason: .unsupportedValue("\(error)"))
        }
    }

    func encode(with writer: inout ArchiveValueWriter) throws -> ArchiveFieldValue {
        guard let image else { return .null }
        return try writer.object(Self.proxyClass, [("data", .data([UInt8](try image.pngData ?? Self.png(of: image))))])
    }
}

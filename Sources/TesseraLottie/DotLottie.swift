import Foundation
import TesseraZip

/// A `.lottie` file (dotLottie): a zip with `manifest.json`, the animations as Lottie JSON
/// (`animations/ID.json`, or `a/ID.json` in version 2) and their images (`images/`, `i/`).
///
/// Read with the same care as `.tendies` files: entry paths must be relative and stay inside,
/// the entry count, each entry's size and the total are limited, counted on the bytes actually
/// decompressed (a zip bomb stops at the limit).
struct DotLottie {
    static let maximumEntries = 10_000
    static let maximumEntryBytes = 64 << 20
    static let maximumTotalBytes = 256 << 20

    private let archive: ZipArchive
    private var total = 0
    /// The animations' ids, in the manifest's order (or the files' when it lists none).
    let animationIDs: [String]

    init(contentsOf url: URL) throws(LottieError) {
        do throws(ZipError) {
            archive = try ZipArchive(contentsOf: url, maximumEntries: Self.maximumEntries)
        } catch .tooManyEntries {
            throw .limitExceeded(path: "", reason: "more than \(Self.maximumEntries) zip entries")
        } catch {
            throw Self.failure(error, opening: true)
        }
        let files = archive.entries.filter { $0.kind == .file }.map(\.path)
        var ids: [String] = []
        if files.contains("manifest.json") {
            let manifest = try Self.parse(try Self.read("manifest.json", from: archive, total: &total), file: "manifest.json")
            if let animations = try? JSONNode(manifest).member("animations")?.elements {
                ids = animations.compactMap { try? $0.member("id")?.string }
            }
        }
        if ids.isEmpty {
            ids = files.filter { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }
                .map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }.sorted()
        }
        guard !ids.isEmpty else { throw .invalidDocument(path: "manifest.json", reason: "no animation in the file") }
        animationIDs = ids
    }

    /// The JSON of animation `id`.
    mutating func animation(_ id: String) throws(LottieError) -> Data {
        for path in ["animations/\(id).json", "a/\(id).json"] where archive.entry(atPath: path) != nil {
            return try Self.read(path, from: archive, total: &total)
        }
        throw .invalidDocument(path: "animations/\(id).json", reason: "no such animation in the file")
    }

    /// An image the animation names (`u` + `p`): looked for as written (without a leading `/`),
    /// and by its file name in `images/` and `i/`; nil when it is not there or unsafe.
    mutating func image(_ asset: ImageAsset) -> Data? {
        let written = (asset.folder + asset.path).drop { $0 == "/" }
        let name = URL(fileURLWithPath: asset.path).lastPathComponent
        for path in [String(written), "images/\(name)", "i/\(name)"] {
            let components = path.split(separator: "/")
            guard !components.isEmpty, !components.contains(".."), !path.contains("\\"), archive.entry(atPath: path) != nil else {
                continue
            }
            return try? Self.read(path, from: archive, total: &total)
        }
        return nil
    }

    private static func read(_ path: String, from archive: ZipArchive, total: inout Int) throws(LottieError) -> Data {
        guard let entry = archive.entry(atPath: path) else { throw .invalidDocument(path: path, reason: "missing") }
        let data: Data
        do throws(ZipError) {
            data = try archive.data(of: entry, limit: min(maximumEntryBytes, maximumTotalBytes - total))
        } catch .entryTooLarge {
            throw .limitExceeded(path: path, reason: "too many bytes once decompressed")
        } catch {
            throw failure(error, opening: false)
        }
        total += data.count
        return data
    }

    /// A zip's failure as the reader reports it: a file the system cannot read is unreadable (the
    /// command line's exit 66); a zip that is damaged or lies about its contents is an invalid
    /// document (65), as malformed JSON is. The zip's description names the entry at fault.
    private static func failure(_ error: ZipError, opening: Bool) -> LottieError {
        if case .unreadableFile(let reason) = error { return .unreadableFile(reason) }
        return .invalidDocument(path: "", reason: opening ? "not a zip file (\(error))" : "\(error)")
    }

    private static func parse(_ data: Data, file: String) throws(LottieError) -> JSONDocument {
        do {
            return try JSONParser.parse([UInt8](data))
        } catch {
            let (line, column) = JSONParser.lineAndColumn(of: error.offset, in: [UInt8](data))
            throw .malformedJSON(line: line, column: column, reason: "\(file): \(error.reason)")
        }
    }
}

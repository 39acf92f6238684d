import Foundation
import TesseraCore
import TesseraDocument
import TesseraZip

/// A `.tendies` file: a zip of `.ca` bundles, as the community editors of iOS wallpapers and
/// Control Center glyphs share them. ``bundles`` lists the bundles inside (the paths of their
/// folders); ``extract(bundle:to:)`` writes one out, so that `SceneDocument` can load it.
///
/// The zip is read by TesseraZip's `ZipArchive`, which checks the zip's own structure (sizes,
/// offsets, CRC-32s). What comes out of it is checked too, since a shared file may be made to
/// harm: entry paths must be relative and stay inside (no `..`, no absolute or `\` paths, no
/// NUL); symbolic links are not extracted; the entry count, each entry's size and the total
/// size are limited (``Limits``), counted on the bytes actually decompressed, not on the
/// sizes the zip claims, so that a zip bomb stops at the limit.
public struct TendiesArchive {
    /// How much a `.tendies` file may hold.
    public struct Limits: Sendable {
        /// Entries in the zip.
        public var entryCount = 10_000
        /// Decompressed bytes of one entry.
        public var entryBytes: UInt64 = 64 << 20
        /// Decompressed bytes of one bundle, all its entries together.
        public var bundleBytes: UInt64 = 256 << 20

        /// The default limits: 10,000 entries, 64 MB an entry, 256 MB a bundle.
        public init() {}
    }

    /// The zip's file.
    public let url: URL
    /// The `.ca` bundles inside, as the paths of their folders in the zip (`"Background.ca"`,
    /// `"descriptors/abc/versions/0/contents/Glyph.ca"`), sorted. macOS's resource forks
    /// (`__MACOSX/…`, `._name`), which the editors' own templates hold, are not bundles.
    public let bundles: [String]
    /// The paths of the files inside (not folders, not links, not resource forks), sorted.
    let files: [String]
    private let limits: Limits
    private let archive: ZipArchive

    /// Reads the zip's directory at `url`.
    ///
    /// - Throws: ``TendiesError`` when the file is not a readable zip, holds more than
    ///   ``Limits/entryCount`` entries, or holds no `.ca` bundle.
    public init(contentsOf url: URL, limits: Limits = Limits()) throws(TendiesError) {
        self.url = url
        self.limits = limits
        archive = try Self.open(url, limits: limits)
        var found = Set<String>(), files: [String] = []
        for entry in archive.entries {
            guard let components = Self.safeComponents(entry.path), !Self.isResourceFork(components) else { continue }
            if entry.kind == .file { files.append(components.joined(separator: "/")) }
            if let end = components.firstIndex(where: { $0.lowercased().hasSuffix(".ca") }),
                end < components.count - 1 || entry.kind == .directory
            {
                found.insert(components[...end].joined(separator: "/"))
            }
        }
        guard !found.isEmpty else { throw .noBundle(url) }
        bundles = found.sorted()
        self.files = files.sorted()
    }

    /// The bytes of the file at `path` (one of ``files``), decompressed within
    /// ``Limits/entryBytes``.
    ///
    /// - Throws: ``TendiesError`` for a path that is no file of the zip (as
    ///   ``TendiesError/unsafePath(_:)``), a file over the limit, or a zip that cannot be read.
    func data(ofFile path: String) throws(TendiesError) -> Data {
        guard files.contains(path), let entry = archive.entry(atPath: path) else { throw .unsafePath(path) }
        return try read(entry, within: limits.entryBytes, overLimit: .tooLarge(path, limit: limits.entryBytes))
    }

    /// Writes the files of bundle `name` (as ``bundle(named:)`` finds it) into `directory`, and returns the bundle's folder
    /// there. Directories are made as needed; symbolic links are left out.
    ///
    /// - Throws: ``TendiesError`` for a name that is no bundle (the bundles are listed), an entry
    ///   whose path would leave the bundle, an entry or bundle over the limits, a zip that cannot
    ///   be read, or a file that cannot be written.
    public func extract(bundle name: String, to directory: URL) throws(TendiesError) -> URL {
        let bundle = try bundle(named: name)
        let prefix = bundle + "/"
        var total: UInt64 = 0
        let bundleComponents = bundle.split(separator: "/")
        let target = directory.appendingPathComponent(bundleComponents.last.map(String.init) ?? bundle)
        for entry in archive.entries where entry.path.hasPrefix(prefix) || entry.path == bundle {
            guard let components = Self.safeComponents(entry.path) else { throw .unsafePath(entry.path) }
            let inside = components.dropFirst(bundleComponents.count)
            let destination = inside.reduce(target) { $0.appendingPathComponent($1) }
            switch entry.kind {
            case .directory:
                try writing(entry) { try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true) }
            case .symbolicLink:
                continue
            case .file:
                guard entry.uncompressedSize <= limits.entryBytes else {
                    throw .tooLarge(entry.path, limit: limits.entryBytes)
                }
                // Counted as decompressed: the sizes in the zip's headers may lie. The lower limit stops it.
                let left = limits.bundleBytes - total
                let overLimit: TendiesError =
                    left < limits.entryBytes
                    ? .tooLarge(bundle, limit: limits.bundleBytes) : .tooLarge(entry.path, limit: limits.entryBytes)
                let data = try read(entry, within: min(limits.entryBytes, left), overLimit: overLimit)
                total += UInt64(data.count)
                try writing(entry) {
                    try FileManager.default.createDirectory(
                        at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try data.write(to: destination)
                }
            }
        }
        return target
    }

    /// The bytes of `entry`, decompressed within `limit` bytes; `overLimit` when they pass it.
    private func read(_ entry: ZipEntry, within limit: UInt64, overLimit: TendiesError) throws(TendiesError) -> Data {
        do throws(ZipError) {
            return try archive.data(of: entry, limit: Int(clamping: limit))
        } catch .entryTooLarge {
            throw overLimit
        } catch {
            throw .unreadable(url, reason: "\(error)")
        }
    }

    /// Runs `body`, which writes `entry` out, with its file system error as ``TendiesError/unreadable(_:reason:)``.
    private func writing(_ entry: ZipEntry, _ body: () throws -> Void) throws(TendiesError) {
        do {
            try body()
        } catch {
            throw .unreadable(url, reason: "\(entry.path): \(error.localizedDescription)")
        }
    }

    /// The bundle `name` names: one of ``bundles``; else the only one whose last component it
    /// is (`Glyph.ca`); else the only one whose path holds it, ignoring case (`Floating` for
    /// `…/7400.WWDC_2022_Floating-390w-844h@3x~iphone.ca`).
    ///
    /// - Throws: ``TendiesError/noSuchBundle(_:available:)`` with the bundles' ``shortNames``
    ///   when none or several match.
    public func bundle(named name: String) throws(TendiesError) -> String {
        if bundles.contains(name) { return name }
        let named = bundles.filter { $0.split(separator: "/").last.map(String.init) == name }
        if named.count == 1 { return named[0] }
        let holding = name.isEmpty ? [] : bundles.filter { $0.range(of: name, options: .caseInsensitive) != nil }
        guard holding.count == 1 else { throw .noSuchBundle(name, available: shortNames) }
        return holding[0]
    }

    /// The bundles as people name them: each one's folder name without `.ca`, or its whole path
    /// where two share a folder name; in the order of ``bundles``.
    public var shortNames: [String] {
        let names = bundles.map { path in
            let last = path.split(separator: "/").last.map(String.init) ?? path
            return last.lowercased().hasSuffix(".ca") ? String(last.dropLast(3)) : last
        }
        return Swift.zip(bundles, names).map { path, name in names.filter { $0 == name }.count == 1 ? name : path }
    }

    /// Whether a path is one of macOS's resource forks, which zips made by the Finder carry
    /// beside each file: `__MACOSX/…` and `._name`.
    static func isResourceFork(_ components: [String]) -> Bool {
        components.first == "__MACOSX" || components.last?.hasPrefix("._") == true
    }

    private static func open(_ url: URL, limits: Limits) throws(TendiesError) -> ZipArchive {
        do throws(ZipError) {
            return try ZipArchive(contentsOf: url, maximumEntries: limits.entryCount)
        } catch .tooManyEntries {
            throw .tooManyEntries(url, limit: limits.entryCount)
        } catch {
            throw .unreadable(url, reason: "not a zip file (\(error))")
        }
    }

    /// The components of a zip entry's path when it is safe to write under a folder: relative,
    /// without `..` or `.` tricks, backslashes or NUL; nil otherwise.
    static func safeComponents(_ path: String) -> [String]? {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0") else { return nil }
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !components.isEmpty, !components.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        return components
    }
}

/// Why a `.tendies` file could not be read.
public enum TendiesError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened as a zip, or an entry could not be read; `reason` says why.
    case unreadable(URL, reason: String)
    /// The zip holds more than `limit` entries (``TendiesArchive/Limits/entryCount``).
    case tooManyEntries(URL, limit: Int)
    /// The zip holds no `.ca` bundle.
    case noBundle(URL)
    /// No bundle has the name asked for; `available` lists those it holds.
    case noSuchBundle(String, available: [String])
    /// An entry's path would be written outside its bundle (absolute, `..`, `\` or NUL).
    case unsafePath(String)
    /// An entry or a bundle decompresses to more than `limit` bytes.
    case tooLarge(String, limit: UInt64)

    public var description: String {
        switch self {
        case .unreadable(let url, let reason): "\(url.path): \(reason)"
        case .tooManyEntries(let url, let limit): "\(url.path): more than \(limit) entries"
        case .noBundle(let url): "\(url.path): no .ca bundle inside"
        case .noSuchBundle(let name, let available):
            "no bundle \"\(name)\" in the file; it holds: \(available.joined(separator: ", "))"
        case .unsafePath(let path): "entry \"\(path)\" would be written outside its bundle"
        case .tooLarge(let path, let limit): "\(path): more than \(limit) bytes once decompressed"
        }
    }
}

import Foundation
import TesseraCore
import TesseraDocument

/// Where a wallpaper's files are: a `.tendies` zip, read within its limits, or a folder (an
/// unzipped `.tendies`, or a `.wallpaper` folder), walked without following symbolic links.
/// Paths are relative, `/`-separated, without macOS's resource forks.
enum WallpaperSource {
    case zip(TendiesArchive)
    case folder(URL, bundles: [String], files: [String])

    init(_ url: URL, limits: TendiesArchive.Limits) throws(WallpaperError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            let (bundles, files) = try Self.walk(url, limit: limits.entryCount)
            self = .folder(url, bundles: bundles, files: files)
        } else {
            do {
                self = .zip(try TendiesArchive(contentsOf: url, limits: limits))
            } catch {
                throw .tendies(error)
            }
        }
    }

    /// The `.ca` bundles' folders, sorted.
    var bundles: [String] {
        switch self {
        case .zip(let tendies): tendies.bundles
        case .folder(_, let bundles, _): bundles
        }
    }

    /// The files, sorted.
    var files: [String] {
        switch self {
        case .zip(let tendies): tendies.files
        case .folder(_, _, let files): files
        }
    }

    func data(ofFile path: String) throws(WallpaperError) -> Data {
        switch self {
        case .zip(let tendies):
            do {
                return try tendies.data(ofFile: path)
            } catch {
                throw .tendies(error)
            }
        case .folder(let url, _, _):
            do {
                return try Data(contentsOf: url.appendingPathComponent(path))
            } catch {
                throw .unreadableFolder(url, reason: "cannot read \(path): \(error.localizedDescription)")
            }
        }
    }

    /// The bundle at `path` (one of ``bundles``), loaded. A zip's bundle is written to a
    /// temporary folder for the loading and removed after it (its images are read by then).
    func loadBundle(_ path: String) throws(WallpaperError) -> SceneDocument {
        switch self {
        case .zip(let tendies):
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-wallpaper-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let extracted: URL
            do {
                extracted = try tendies.extract(bundle: path, to: folder)
            } catch {
                throw .tendies(error)
            }
            return try Self.load(extracted, path: path)
        case .folder(let url, _, _):
            return try Self.load(url.appendingPathComponent(path), path: path)
        }
    }

    private static func load(_ bundle: URL, path: String) throws(WallpaperError) -> SceneDocument {
        do {
            return try SceneDocument(bundle: bundle)
        } catch {
            throw .invalidBundle(path, error)
        }
    }

    /// The bundles and files under `root`, at most `limit` entries in all; symbolic links and
    /// resource forks are left out, and nothing inside a bundle counts as a bundle.
    private static func walk(_ root: URL, limit: Int) throws(WallpaperError) -> (bundles: [String], files: [String]) {
        var bundles: [String] = [], files: [String] = [], count = 0
        var folders: [[String]] = [[]]
        while let folder = folders.popLast() {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder.joined(separator: "/")).path)
            } catch {
                throw .unreadableFolder(root, reason: error.localizedDescription)
            }
            for name in names {
                count += 1
                guard count <= limit else { throw .unreadableFolder(root, reason: "more than \(limit) entries") }
                let components = folder + [name]
                guard !TendiesArchive.isResourceFork(components) else { continue }
                let path = components.joined(separator: "/")
                let type =
                    (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(path).path))?[.type]
                    as? FileAttributeType
                if type == .typeDirectory {
                    let isBundle = name.lowercased().hasSuffix(".ca")
                    if isBundle && !folder.contains(where: { $0.lowercased().hasSuffix(".ca") }) { bundles.append(path) }
                    folders.append(components)
                } else if type == .typeRegular {
                    files.append(path)
                }
            }
        }
        return (bundles.sorted(), files.sorted())
    }
}

import Foundation

/// Why a Lottie document could not be loaded. What loads but is not drawn is not an error: it is
/// listed in ``LottieAnimation/skipped``.
public enum LottieError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read, with the system's reason.
    case unreadableFile(String)
    /// The bytes are not JSON: where (line and column from 1) and why.
    case malformedJSON(line: Int, column: Int, reason: String)
    /// JSON, but not a Lottie document: the value at `path` (`layers[2].ks.p.k[0].s`) is missing
    /// or not what the format says.
    case invalidDocument(path: String, reason: String)
    /// Over one of the limits that keep hostile files from exhausting time or memory (see
    /// ``LottieAnimation``): where, and which limit.
    case limitExceeded(path: String, reason: String)
    /// Precomposition `assetID` includes itself, directly or through others.
    case precompCycle(assetID: String)
    /// A value provider, or a configuration read for one, that cannot be applied: why.
    case invalidProvider(reason: String)

    public var description: String {
        switch self {
        case .unreadableFile(let reason): "cannot read: \(reason)"
        case .malformedJSON(let line, let column, let reason): "\(line):\(column): not JSON: \(reason)"
        case .invalidDocument(let path, let reason): "not a Lottie document: \(path.isEmpty ? "" : "\(path): ")\(reason)"
        case .limitExceeded(let path, let reason): "over a limit: \(path.isEmpty ? "" : "\(path): ")\(reason)"
        case .precompCycle(let id): "precomposition \"\(id)\" includes itself"
        case .invalidProvider(let reason): "invalid provider: \(reason)"
        }
    }
}

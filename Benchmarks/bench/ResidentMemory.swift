import Foundation

/// The process's resident memory, from Linux's `/proc/self/statm`: what the bench watches to
/// show that rendering frame after frame does not grow memory.
enum ResidentMemory {
    /// Resident bytes now; nil where `/proc` is not available.
    static func bytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

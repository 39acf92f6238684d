/// The elements met so far, to tell one met before: listed while they are few (a real file's
/// parent chains are a few layers long, its skipped features a handful), in a `Set` past 32 (a
/// chain may be as long as the file has layers). A set from the start has the runtime look up
/// the element's conformance to `Hashable` through every conformance record of the process, some
/// 380,000 instructions at a process's first Lottie file.
struct MetElements<Element: Hashable> {
    private var listed: [Element] = []
    private var hashed: Set<Element>? = nil

    /// Adds `element`; false when it was met before.
    mutating func insert(_ element: Element) -> Bool {
        if hashed != nil { return hashed!.insert(element).inserted }
        if listed.contains(element) { return false }
        listed.append(element)
        if listed.count > 32 { hashed = Set(listed) }
        return true
    }
}

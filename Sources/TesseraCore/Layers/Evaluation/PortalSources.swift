/// The layers that the portals of a flattened tree show (see ``CAPortalLayer``), by index in
/// the tree's numbering, with the portals that would show themselves cut.
///
/// Drawing a portal draws its source's subtree, and every portal in there draws its own source's:
/// a portal whose drawing comes back to itself would never end. That happens exactly when the
/// portal is on a cycle of the graph whose edges go from each layer to its sublayers and mask,
/// and from each portal to its source (the tree's own edges only go down, so every cycle takes
/// a portal's edge up); that is, when the portal and its source are in one strongly connected
/// component. Such portals are cut: they draw nothing, so what remains draws in bounded time.
struct PortalSources: Sendable {
    /// The source each layer asks for when it is a portal, -1 elsewhere (and for a source
    /// outside the tree); empty when the tree has no portal with a source.
    private let requested: [Int32]
    /// ``requested`` with the portals of ``cycles`` cut (-1): what the portals draw.
    private let drawn: [Int32]
    /// The portals that would show themselves, in increasing order.
    let cycles: [Int32]

    /// No portals.
    static let none = PortalSources(requested: [], drawn: [], cycles: [])

    private init(requested: [Int32], drawn: [Int32], cycles: [Int32]) {
        self.requested = requested
        self.drawn = drawn
        self.cycles = cycles
    }

    /// The sources of the portals of the tree whose layers have superlayers (or masked layers)
    /// `parents` (-1 for the root): `sources[i]` is layer i's source, -1 for none.
    init(parents: [Int32], sources: [Int32]) {
        guard sources.contains(where: { $0 >= 0 }) else {
            self = .none
            return
        }
        let component = Self.components(parents: parents, sources: sources)
        var drawn = sources, cycles: [Int32] = []
        for (portal, source) in sources.enumerated() where source >= 0 && component[portal] == component[Int(source)] {
            drawn[portal] = -1
            cycles.append(Int32(portal))
        }
        self.init(requested: sources, drawn: drawn, cycles: cycles)
    }

    /// Whether some portal draws a source.
    var isEmpty: Bool { requested.isEmpty }

    /// The source portal `index` draws; nil for none, or when it is cut.
    func drawnSource(of index: Int) -> Int? {
        index < drawn.count && drawn[index] >= 0 ? Int(drawn[index]) : nil
    }

    /// Which layers are hidden at their own place in a frame whose presented properties are
    /// `properties`: the sources of the portals that are not cut and hide their source; empty
    /// when there are none.
    func hiddenSources(_ properties: UnsafeBufferPointer<LayerProperties>) -> [Bool] {
        var hidden: [Bool] = []
        for (portal, source) in drawn.enumerated() where source >= 0 && properties[portal].hidesSourceLayer {
            if hidden.isEmpty { hidden = [Bool](repeating: false, count: properties.count) }
            hidden[Int(source)] = true
        }
        return hidden
    }

    /// The source portal `index` asks for, drawn or not; nil for none.
    func requestedSource(of index: Int) -> Int? {
        index < requested.count && requested[index] >= 0 ? Int(requested[index]) : nil
    }

    /// Each layer's strongly connected component (a number shared by the layers of one) in the
    /// graph of tree edges and portal edges: Tarjan's algorithm, with explicit stacks (trees may
    /// be deeper than the thread's stack allows recursion).
    private static func components(parents: [Int32], sources: [Int32]) -> [Int32] {
        let count = parents.count
        // The edges of layer v are targets[starts[v] ..< starts[v + 1]]: its children, then its source.
        var starts = [Int](repeating: 0, count: count + 1)
        for parent in parents where parent >= 0 { starts[Int(parent) + 1] += 1 }
        for source in sources.indices where sources[source] >= 0 { starts[source + 1] += 1 }
        for v in 0..<count { starts[v + 1] += starts[v] }
        var next = starts, targets = [Int](repeating: 0, count: starts[count])
        for (child, parent) in parents.enumerated() where parent >= 0 {
            targets[next[Int(parent)]] = child
            next[Int(parent)] += 1
        }
        for (portal, source) in sources.enumerated() where source >= 0 {
            targets[next[portal]] = Int(source)
            next[portal] += 1
        }

        var order = [Int](repeating: -1, count: count), low = [Int](repeating: 0, count: count)
        var component = [Int32](repeating: -1, count: count), onStack = [Bool](repeating: false, count: count)
        var visited = 0
        var stack: [Int] = [], calls: [(vertex: Int, edge: Int)] = []
        func enter(_ v: Int) {
            order[v] = visited
            low[v] = visited
            visited += 1
            stack.append(v)
            onStack[v] = true
            calls.append((v, starts[v]))
        }
        for root in 0..<count where order[root] < 0 {
            enter(root)
            while let (v, edge) = calls.last {
                if edge < starts[v + 1] {
                    calls[calls.count - 1].edge += 1
                    let w = targets[edge]
                    if order[w] < 0 {
                        enter(w)
                    } else if onStack[w] {
                        low[v] = min(low[v], order[w])
                    }
                    continue
                }
                calls.removeLast()
                if let caller = calls.last?.vertex { low[caller] = min(low[caller], low[v]) }
                guard low[v] == order[v] else { continue }
                while let w = stack.popLast() {
                    onStack[w] = false
                    component[w] = Int32(v)
                    if w == v { break }
                }
            }
        }
        return component
    }
}

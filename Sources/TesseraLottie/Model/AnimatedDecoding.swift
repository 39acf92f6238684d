/// Reading Lottie's animatable properties: `{"a": 0, "k": VALUE}` or
/// `{"a": 1, "k": [KEYFRAME, …]}`, with keyframes as both format versions write them.
extension Animated {
    /// The property at `node` (nil: missing, `fallback`), each value read by `read`.
    ///
    /// Keyframes: `t` (the frame), `s` (the value), `h` (hold), `o` and `i` (easing handles
    /// `{"x": …, "y": …}`), `to` and `ti` (spatial handles). Bodymovin 4.x also writes `e`, the
    /// value at the next keyframe, and ends with a keyframe that has only `t`: a keyframe without
    /// `s` takes the previous one's `e`. Times that go back are taken as the previous time
    /// (the value jumps there). Expressions (`x`) are not read (``LottieLayer`` counts them).
    static func decode(
        _ node: JSONNode?, default fallback: Value,
        read: (JSONNode) throws(LottieError) -> Value
    ) throws(LottieError) -> Animated<Value> {
        guard let node else { return Animated(fallback) }
        // Some exporters write a bare value where a property object belongs.
        guard node.isObject else { return Animated(try read(node)) }
        let k = try node.required("k")
        guard isKeyframeList(k) else {
            return Animated(try read(k))
        }
        var keyframes: [Keyframe<Value>] = []
        var previousEnd: Value?
        for element in try k.elements {
            guard element.isObject else { throw element.error("expected a keyframe object") }
            var time = try element.required("t").number
            if let last = keyframes.last, time < last.time { time = last.time }
            let value: Value
            if let s = element.member("s") {
                value = try read(s)
            } else if let previousEnd {
                value = previousEnd
            } else if let last = keyframes.last {
                value = last.value
            } else {
                throw element.error("a keyframe without a value (s)")
            }
            previousEnd = try element.member("e").map { (e) throws(LottieError) in try read(e) }
            var keyframe = Keyframe(time: time, value: value, hold: try element.flag("h"))
            if let out = element.member("o"), let into = element.member("i") {
                keyframe.easing = try Easing(out: out, into: into)
            }
            keyframe.spatialOut = try element.member("to")?.numbers
            keyframe.spatialIn = try element.member("ti")?.numbers
            keyframes.append(keyframe)
        }
        guard !keyframes.isEmpty else { throw k.error("no keyframes") }
        return Animated(keyframes: keyframes)
    }

    /// Whether `k` is a list of keyframes rather than a value: a list of objects with a time.
    /// (The `a` flag is not trusted: some exporters write keyframes with `a` = 0.)
    private static func isKeyframeList(_ k: JSONNode) -> Bool {
        guard k.value.kind == .array, k.value.count > 0 else { return false }
        let first = k.document.values[k.value.start]
        return first.kind == .object && k.document.member("t", of: first) != nil
    }
}

extension Easing {
    /// A keyframe's easing from its handles `o` and `i` (`{"x": …, "y": …}`, each a number or
    /// numbers per dimension; missing, the linear easing's).
    init(out: JSONNode, into: JSONNode) throws(LottieError) {
        let (outX, outY, inX, inY) = (out.member("x"), out.member("y"), into.member("x"), into.member("y"))
        // The common case read in place, without an array for each handle.
        if let x1 = Self.single(outX, default: 0), let y1 = Self.single(outY, default: 0),
            let x2 = Self.single(inX, default: 1), let y2 = Self.single(inY, default: 1)
        {
            self.init(x1: x1, y1: y1, x2: x2, y2: y2)
            return
        }
        self.init(
            outX: try outX?.numbers ?? [0], outY: try outY?.numbers ?? [0], inX: try inX?.numbers ?? [1],
            inY: try inY?.numbers ?? [1])
    }

    /// A handle's number when it is one number (or missing: `fallback`); nil for anything else.
    private static func single(_ node: JSONNode?, default fallback: Double) -> Double? {
        guard let node else { return fallback }
        switch node.value.kind {
        case .number: return node.value.number
        case .numbers where node.value.count == 1: return node.document.numbers[node.value.start]
        default: return nil
        }
    }
}

extension Animated<Double> {
    /// A number property (`[v]` or `v` in files).
    static func number(_ node: JSONNode?, default fallback: Double) throws(LottieError) -> Animated<Double> {
        // A fixed number (most of a file's, missing or `{"k": v}`) without a keyframe list of its own where it is a common one.
        guard let node else { return .fixed(fallback) }
        if node.isObject, let number = node.member("k")?.leadingNumber { return .fixed(number) }
        return try decode(node, default: fallback) { (n) throws(LottieError) in
            // The common cases read in place (``JSONNode/numbers`` would make an array of them).
            if let number = n.leadingNumber { return number }
            guard let first = try n.numbers.first else { throw n.error("expected a number, found an empty array") }
            return first
        }
    }
}

extension Animated<Double> {
    /// The fixed property `value`: the one shared by all of 0 and 100 (opacities, rotations,
    /// skews, a missing property's default: a document's most common values), else its own.
    static func fixed(_ value: Double) -> Animated<Double> {
        switch value.bitPattern {
        case Double(0).bitPattern: FixedNumbers.zero
        case Double(100).bitPattern: FixedNumbers.hundred
        default: Animated(value)
        }
    }
}

/// The shared fixed vector properties of ``Animated/vector(_:default:)``: (0, 0), (0, 0, 0),
/// (100, 100) and (100, 100, 100).
private enum FixedVectors {
    static let zeros2 = Animated<[Double]>([0, 0])
    static let zeros3 = Animated<[Double]>([0, 0, 0])
    static let hundreds2 = Animated<[Double]>([100, 100])
    static let hundreds3 = Animated<[Double]>([100, 100, 100])

    /// The shared property of the `count` numbers `number(i)`; nil when there is none.
    static func shared(count: Int, _ number: (Int) -> Double) -> Animated<[Double]>? {
        guard count == 2 || count == 3 else { return nil }
        // Bit patterns: -0 is not 0 here.
        let first = number(0).bitPattern
        guard first == Double(0).bitPattern || first == Double(100).bitPattern else { return nil }
        for i in 1..<count where number(i).bitPattern != first { return nil }
        switch (count, first == Double(0).bitPattern) {
        case (2, true): return zeros2
        case (3, true): return zeros3
        case (2, false): return hundreds2
        default: return hundreds3
        }
    }
}

/// The shared fixed number properties of ``Animated/fixed(_:)`` (a generic type has no stored
/// static properties of its own).
private enum FixedNumbers {
    static let zero = Animated<Double>(0)
    static let hundred = Animated<Double>(100)
}

extension Animated<[Double]> {
    /// A vector property (positions, sizes, scales, colors) of at least as many numbers as
    /// `fallback`: the missing ones are `fallback`'s (some exporters write one number for a 2D
    /// anchor).
    static func vector(_ node: JSONNode?, default fallback: [Double]) throws(LottieError) -> Animated<[Double]> {
        // A fixed vector of zeros or hundreds (anchors, positions, scales; missing, or `{"k": [v…]}`
        // with as many numbers as `fallback` or more), shared, without arrays of its own.
        guard let node else {
            return FixedVectors.shared(count: fallback.count) { fallback[$0] } ?? Animated(fallback)
        }
        if node.isObject, let k = node.member("k"), k.value.kind == .numbers, k.value.count >= fallback.count {
            let (numbers, start) = (k.document.numbers, k.value.start)
            if let shared = FixedVectors.shared(count: k.value.count, { numbers[start + $0] }) { return shared }
        }
        return try decode(node, default: fallback) { (n) throws(LottieError) in
            let numbers = try n.numbers
            return numbers.count >= fallback.count ? numbers : numbers + fallback[numbers.count...]
        }
    }
}

extension Animated<BezierShape> {
    /// A path property: `{"c": closed, "v": vertices, "i": in handles, "o": out handles}`,
    /// inside a one-element array in keyframes.
    static func shape(_ node: JSONNode?) throws(LottieError) -> Animated<BezierShape> {
        try decode(node, default: BezierShape(vertices: [], isClosed: false)) { (n) throws(LottieError) in
            var n = n
            if n.isArray {
                guard let first = try n.firstElement else { throw n.error("expected a path, found an empty array") }
                n = first
            }
            return try BezierShape(n)
        }
    }
}

extension BezierShape {
    init(_ node: JSONNode) throws(LottieError) {
        let v = node.member("v"), i = node.member("i"), o = node.member("o")
        if let vertices = Self.vertices(v, i, o) {
            self.vertices = vertices
        } else {
            func points(_ member: JSONNode?) throws(LottieError) -> [SIMD2<Double>] {
                guard let member else { return [] }
                var points: [SIMD2<Double>] = []
                for element in try member.elements {
                    let numbers = try element.numbers
                    points.append(SIMD2(numbers.count > 0 ? numbers[0] : 0, numbers.count > 1 ? numbers[1] : 0))
                }
                return points
            }
            let v = try points(v), i = try points(i), o = try points(o)
            vertices = v.indices.map { k in
                Vertex(point: v[k], inHandle: k < i.count ? i[k] : .zero, outHandle: k < o.count ? o[k] : .zero)
            }
        }
        isClosed = try node.flag("c")
    }

    /// The vertices of points `v` with handles `i` and `o` (missing ones zero), read in one pass
    /// from the values themselves, when each is missing or an array of arrays of numbers (x, y,
    /// and any more ignored; an empty one is (0, 0)); nil for anything else, which is read point
    /// by point with errors that say where. (One array, where reading each of `v`, `i` and `o`
    /// into an array of points and joining them made four.)
    private static func vertices(_ v: JSONNode?, _ i: JSONNode?, _ o: JSONNode?) -> [Vertex]? {
        guard let document = v?.document ?? i?.document ?? o?.document else { return [] }
        // The arrays as plain values (a node holds its document: each copy retains it).
        let (values, numbers) = (document.values, document.numbers)
        let empty = JSONDocument.Value(.array, start: 0, count: 0)
        let (points, ins, outs) = (v?.value ?? empty, i?.value ?? empty, o?.value ?? empty)
        for list in [points, ins, outs] {
            guard list.kind == .array else { return nil }
            for value in values[list.range] where value.kind != .numbers {
                guard value.kind == .array, value.count == 0 else { return nil }
            }
        }
        func point(_ list: JSONDocument.Value, _ k: Int) -> SIMD2<Double> {
            guard k < list.count else { return .zero }
            let value = values[list.start + k]
            guard value.kind == .numbers else { return .zero }
            return SIMD2(numbers[value.start], value.count > 1 ? numbers[value.start + 1] : 0)
        }
        var vertices: [Vertex] = []
        vertices.reserveCapacity(points.count)
        for k in 0..<points.count {
            vertices.append(Vertex(point: point(points, k), inHandle: point(ins, k), outHandle: point(outs, k)))
        }
        return vertices
    }
}

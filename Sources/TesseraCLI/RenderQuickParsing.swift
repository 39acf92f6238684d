import ArgumentParser

extension RenderRequest {
    /// `tessera render` read without ArgumentParser, or nil for ArgumentParser to read.
    ///
    /// ArgumentParser finds a command's options by reflecting over its property wrappers, which
    /// has the Swift runtime look up protocol conformances one type at a time through all of the
    /// process's (thousands, with Foundation linked in): about 17 million instructions, a third of
    /// the whole run on a small Lottie file. This reads the plain form only: `render`, the scene,
    /// each known option once as `--name VALUE` (`-o VALUE`, `-q`), every value read by the
    /// option's own `init?(argument:)` and the whole checked by ``validate()``. Anything else (help,
    /// `--name=VALUE`, a value beginning with `-`, a repeated or unknown option, a value that
    /// does not parse, a check that fails) gives nil, and ArgumentParser reads the command line,
    /// with its messages and exit codes. A test compares the two on many command lines.
    init?(quickParsing arguments: ArraySlice<String>) {
        guard arguments.first == "render" else { return nil }
        self.init(
            scene: "", time: 0, fps: 30, scale: 1, background: .color(.clear), quiet: false)
        var scene: String?
        // An array, not a set: a set of strings would be the process's first, whose type the
        // runtime checks through every conformance.
        var seen: [String] = []
        var rest = arguments.dropFirst()
        while let token = rest.popFirst() {
            guard Self.isValue(token) else {
                let name = token == "-o" ? "--output" : token == "-q" ? "--quiet" : token
                guard !seen.contains(name) else { return nil }
                seen.append(name)
                if name == "--quiet" || name == "--render-in-context" {
                    if name == "--quiet" { quiet = true } else { renderInContext = true }
                    continue
                }
                guard let value = rest.popFirst(), Self.isValue(value), set(name, to: value) else { return nil }
                continue
            }
            guard scene == nil else { return nil }
            scene = token
        }
        guard let scene else { return nil }
        self.scene = scene
        guard (try? validate()) != nil else { return nil }
    }

    /// Whether ArgumentParser takes `token` as a value rather than an option: no leading dash,
    /// or `-` alone (standard output), or empty.
    private static func isValue(_ token: String) -> Bool {
        token.first != "-" || token == "-"
    }

    /// Sets the option `name` (its long form) from `argument`; false for an unknown option or a
    /// value it does not take.
    private mutating func set(_ name: String, to argument: String) -> Bool {
        func read<Value: ExpressibleByArgument>(_ option: inout Value) -> Bool {
            guard let value = Value(argument: argument) else { return false }
            option = value
            return true
        }
        func read<Value: ExpressibleByArgument>(_ option: inout Value?) -> Bool {
            guard let value = Value(argument: argument) else { return false }
            option = value
            return true
        }
        switch name {
        case "--bundle": return read(&bundle)
        case "--state": return read(&state)
        case "--transition": return read(&transition)
        case "--output": return read(&output)
        case "--apng": return read(&apng)
        case "--marker": return read(&marker)
        case "--format": return read(&format)
        case "--time": return read(&time)
        case "--duration": return read(&duration)
        case "--frames": return read(&frames)
        case "--fps": return read(&fps)
        case "--size": return read(&size)
        case "--scale": return read(&scale)
        case "--background": return read(&background)
        case "--threads": return read(&threads)
        default: return false
        }
    }
}

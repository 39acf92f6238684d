/// Puts a configuration's values, texts and fonts into a document before its tree is built, each
/// property found by its full keypath (``AnimationKeypath``) as lottie-ios's Core Animation engine
/// names it. A precomposition whose layers change is copied for the layer that shows it (its
/// keypath is that layer's), so other layers showing it keep the file's.
struct ProviderApplication {
    let configuration: LottieAnimation.Configuration
    let report: BuildReport
    /// The document's `fonts.list`, whose families font providers are asked about.
    let fonts: [String: FontInfo]

    func apply(to document: inout LottieDocument) {
        guard configuration.rewritesLayers else { return }
        let original = document.precomps
        var copies: [String: [LottieLayer]] = [:]
        var changed = false
        document.layers = layers(document.layers, prefix: [], precomps: original, copies: &copies, changed: &changed)
        document.precomps.merge(copies) { _, copy in copy }
    }

    private func layers(
        _ layers: [LottieLayer], prefix: [String], precomps: [String: [LottieLayer]], copies: inout [String: [LottieLayer]],
        changed: inout Bool
    ) -> [LottieLayer] {
        layers.map { layer in
            var layer = layer
            let path = prefix + [layer.name]
            layer.transform = transform(layer.transform, path: path + ["Transform"], changed: &changed)
            switch layer.content {
            case .shapes(let items):
                layer.content = .shapes(self.items(items, layer: path, groups: [], changed: &changed))
            case .solid(_, let width, let height):
                if let provided = constantColor(path + ["Color"], changed: &changed) {
                    layer.content = .solid(color: Array(provided.prefix(3)), width: width, height: height)
                }
            case .text(var text):
                self.text(&text, path: path, changed: &changed)
                layer.content = .text(text)
            case .precomp(let id, let width, let height):
                guard let inner = precomps[id] else { break }
                var innerChanged = false
                let rewritten = self.layers(inner, prefix: path, precomps: precomps, copies: &copies, changed: &innerChanged)
                if innerChanged {
                    let copy = "\(id) for \(AnimationKeypath(keys: path))"
                    copies[copy] = rewritten
                    layer.content = .precomp(id: copy, width: width, height: height)
                    changed = true
                }
            case .null, .image, .unsupported:
                break
            }
            return layer
        }
    }

    private func items(_ items: [ShapeItem], layer: [String], groups: [String], changed: inout Bool) -> [ShapeItem] {
        items.map { item in
            switch item {
            case .group(let name, let inner):
                return .group(
                    name: name, items: self.items(inner, layer: layer, groups: name.isEmpty ? groups : groups + [name], changed: &changed))
            case .fill(var fill):
                let path = layer + groups + [fill.name]
                paint(&fill.color, opacity: &fill.opacity, path: path, changed: &changed)
                return .fill(fill)
            case .stroke(var stroke):
                let path = layer + groups + [stroke.name]
                paint(&stroke.color, opacity: &stroke.opacity, path: path, changed: &changed)
                number(&stroke.width, path + ["Stroke Width"], changed: &changed)
                return .stroke(stroke)
            case .gradientFill(var gradient, let evenOdd):
                self.gradient(&gradient, path: layer + groups + [gradient.name], changed: &changed)
                return .gradientFill(gradient, evenOdd: evenOdd)
            case .gradientStroke(var gradient, var width, let style):
                let path = layer + groups + [gradient.name]
                self.gradient(&gradient, path: path, changed: &changed)
                number(&width, path + ["Stroke Width"], changed: &changed)
                return .gradientStroke(gradient, width: width, style: style)
            case .transform(let transform):
                return .transform(self.transform(transform, path: layer + groups + [transform.name], changed: &changed))
            case .rectangle, .ellipse, .polystar, .path, .trim, .roundedCorners, .repeater, .mergePaths, .unsupported:
                return item
            }
        }
    }

    private func transform(_ transform: LottieTransform, path: [String], changed: inout Bool) -> LottieTransform {
        var transform = transform
        if let position = provided(path + ["Position"], changed: &changed, convert: Self.point, kind: "a point") {
            transform.position = .combined(position)
        }
        if let scale = provided(path + ["Scale"], changed: &changed, convert: Self.point, kind: "a point") { transform.scale = scale }
        number(&transform.rotation, path + ["Rotation"], changed: &changed)
        number(&transform.opacity, path + ["Opacity"], changed: &changed)
        return transform
    }

    /// A fill's or stroke's `Color` and `Opacity`; a fixed color's alpha multiplies a fixed opacity.
    private func paint(_ color: inout Animated<[Double]>, opacity: inout Animated<Double>, path: [String], changed: inout Bool) {
        number(&opacity, path + ["Opacity"], changed: &changed)
        guard let replacement = provided(path + ["Color"], changed: &changed, convert: Self.color, kind: "a color") else { return }
        color = replacement.mapValues { Array($0.prefix(3)) }
        if !replacement.isAnimated, !opacity.isAnimated, replacement.initialValue.count > 3 {
            opacity = Animated(opacity.initialValue * replacement.initialValue[3])
        }
    }

    private func gradient(_ gradient: inout ShapeItem.Gradient, path: [String], changed: inout Bool) {
        number(&gradient.opacity, path + ["Opacity"], changed: &changed)
        guard let provider = configuration.valueProvider(for: path + ["Colors"]) else { return }
        guard case .gradient(let first, _) = provider.keyframes[0].value else {
            mismatch(provider, path + ["Colors"], expected: "a gradient")
            return
        }
        // lottie-ios draws a gradient with opacity stops as a colour layer masked by an alpha
        // layer, and gives the provider's colours to both: their alpha counts twice.
        let squared = gradient.stops.keyframes.contains { $0.value.count > gradient.colorStopCount * 4 }
        // Lottie's numbers: (offset, red, green, blue) per color, then (offset, alpha) pairs.
        let stops = keyframes(provider) { value -> [Double]? in
            guard case .gradient(let colors, let locations) = value, colors.count == first.count else { return nil }
            let pairs = zip(locations, colors)
            let alphas = squared ? Self.squaredAlphas(locations, colors.map(\.alpha)) : pairs.flatMap { [$0, $1.alpha] }
            return pairs.flatMap { [$0, $1.red, $1.green, $1.blue] } + alphas
        }
        guard let stops else {
            mismatch(provider, path + ["Colors"], expected: "the same number of colors in each keyframe")
            return
        }
        gradient.colorStopCount = first.count
        gradient.stops = stops
        changed = true
    }

    private func text(_ text: inout TextContent, path: [String], changed: inout Bool) {
        let keypath = AnimationKeypath(keys: path)
        let fill = constantColor(path + ["Color"], changed: &changed)
        let stroke = constantColor(path + ["Stroke Color"], changed: &changed)
        for i in text.documents.indices {
            if let provider = configuration.textProvider, let replaced = provider.text(keypath, text.documents[i].document.text) {
                text.documents[i].document.text = replaced
                changed = true
            }
            if let fill { text.documents[i].document.fillColor = Array(fill.prefix(3)) }
            if let stroke { text.documents[i].document.strokeColor = Array(stroke.prefix(3)) }
            if let provider = configuration.fontProvider {
                let document = text.documents[i].document
                if let font = provider.font(fontFamily(of: document), document.size) {
                    text.documents[i].document.font = font.name
                    text.documents[i].document.size = font.size
                    changed = true
                }
            }
        }
    }

    /// The font family a text names (its `fonts.list` entry's, else the name itself).
    private func fontFamily(of document: TextDocument) -> String {
        fonts[document.font]?.family ?? document.font
    }

    /// The color for `path` where a provider gives one; only the first keyframe, as lottie-ios's
    /// Core Animation engine does for solids and text.
    private func constantColor(_ path: [String], changed: inout Bool) -> [Double]? {
        provided(path, changed: &changed, convert: Self.color, kind: "a color")?.initialValue
    }

    private func number(_ property: inout Animated<Double>, _ path: [String], changed: inout Bool) {
        if let value = provided(path, changed: &changed, convert: Self.number, kind: "a number") { property = value }
    }

    /// The provider's keyframes for `path` as the property's values; nil (and the provider
    /// reported) when its values are not of the property's kind.
    private func provided<Value>(
        _ path: [String], changed: inout Bool, convert: (LottieValue) -> Value?, kind: String
    ) -> Animated<Value>? {
        guard let provider = configuration.valueProvider(for: path) else { return nil }
        guard let animated = keyframes(provider, convert) else {
            mismatch(provider, path, expected: kind)
            return nil
        }
        changed = true
        return animated
    }

    private func keyframes<Value>(_ provider: LottieValueProvider, _ convert: (LottieValue) -> Value?) -> Animated<Value>? {
        var keyframes: [Keyframe<Value>] = []
        for keyframe in provider.keyframes {
            guard let value = convert(keyframe.value) else { return nil }
            keyframes.append(Keyframe(time: keyframe.frame, value: value))
        }
        return Animated(keyframes: keyframes)
    }

    private func mismatch(_ provider: LottieValueProvider, _ path: [String], expected: String) {
        report.notDrawn(
            AnimationKeypath(keys: path).description, "value provider",
            "a \(provider.keyframes[0].value.kind) for a property that takes \(expected): left as the file has it")
    }

    /// (offset, alpha) pairs for the square of the alpha `alphas` interpolate between `locations`:
    /// eight pairs a segment, which keeps the curve within 1/255 of its value for alphas up to 1.
    static func squaredAlphas(_ locations: [Double], _ alphas: [Double]) -> [Double] {
        var pairs: [Double] = [locations[0], alphas[0] * alphas[0]]
        for i in 1..<locations.count {
            for step in 1...8 {
                let t = Double(step) / 8
                let alpha = alphas[i - 1] + (alphas[i] - alphas[i - 1]) * t
                pairs += [locations[i - 1] + (locations[i] - locations[i - 1]) * t, alpha * alpha]
            }
        }
        return pairs
    }

    private static func number(_ value: LottieValue) -> Double? {
        if case .number(let n) = value { n } else { nil }
    }

    private static func point(_ value: LottieValue) -> [Double]? {
        if case .point(let x, let y) = value { [x, y] } else { nil }
    }

    private static func color(_ value: LottieValue) -> [Double]? {
        if case .color(let c) = value { [c.red, c.green, c.blue, c.alpha] } else { nil }
    }
}

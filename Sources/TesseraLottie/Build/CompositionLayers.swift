import Foundation
import TesseraCore

/// Builds the layers of a composition (the main one or a precomposition), as lottie-ios's Core
/// Animation engine lays them out: one layer per Lottie layer, back to front; its transform and
/// opacity; its content (shapes, a solid, a precomposition); a parent's transform as a layer
/// around it that holds only that transform (a parent's opacity and visibility do not pass to
/// its children); its masks as its content's `mask` (``MaskLayers``); its blend mode as its
/// `compositingFilter`; a matte (alpha, luma, inverted) as the `mask` of a layer around the
/// matted layer; its visibility (`hidden`, animated from its in point to its out point) on the
/// outermost of these layers.
///
/// A precomposition's layers sit in a layer of its size that clips them and has its own time:
/// `beginTime` is its start time `st` and `speed` 1 / `sr`, so that its layers' keyframes, in
/// the precomposition's frames, play as Lottie plays them. A time-remapped one (`tm`) has its
/// layers' animations sampled at every outer frame instead (``FrameMapping``).
struct CompositionLayers {
    let document: LottieDocument
    let animator: Animator
    let report: BuildReport
    let images: ImageLibrary

    /// A composition's layers, back to front. `path` names the composition in reports;
    /// `visibleFrames` is the range the main composition shows (nil in precompositions).
    /// Precompositions that include themselves are refused before (``LayerCount``).
    func layers(_ layers: [LottieLayer], size: CGSize, path: String, visibleFrames: ClosedRange<Double>?) throws(LottieError) -> [CALayer] {
        let byIndex = LayersByIndex(layers)
        var built: [CALayer] = []
        for (i, layer) in layers.enumerated() where !layer.isMatteSource && !layer.isHidden {
            let layerPath = "\(path)/\(layer.name.isEmpty ? "layers[\(i)]" : layer.name)"
            guard let drawn = try self.layer(layer, size: size, path: layerPath, visibleFrames: visibleFrames) else { continue }
            var placed = try parented(drawn, layer, byIndex: byIndex, size: size, path: layerPath)
            if layer.matteMode != 0 {
                let source = layer.matteParent.flatMap { byIndex[$0] } ?? (i > 0 && layers[i - 1].isMatteSource ? layers[i - 1] : nil)
                placed = try matted(
                    placed, by: source, mode: layer.matteMode,
                    byIndex: byIndex, size: size, path: layerPath, visibleFrames: visibleFrames)
            }
            applyVisibility(layer, to: placed, visibleFrames: visibleFrames)
            built.append(placed)
        }
        return built.reversed()
    }

    /// The layer that draws `layer`, without its parents; nil when it draws nothing.
    private func layer(
        _ layer: LottieLayer, size: CGSize, path: String, visibleFrames: ClosedRange<Double>?
    ) throws(LottieError) -> CALayer? {
        reportUnsupported(layer, path: path)
        switch layer.content {
        case .null: return nil
        case .unsupported(let kind):
            report.notDrawn(path, kind, "\(kind)s are not drawn")
            return nil
        default: break
        }
        try report.countLayer(at: path)
        let result = CALayer()
        result.name = layer.name
        let before = result.diagnostics.count
        if case .precomp(_, let width, let height) = layer.content, width > 0, height > 0 {
            result.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        } else {
            result.bounds = CGRect(origin: .zero, size: size)
        }
        // Its animations, and those of what it holds, are seen only while it shows; its visibility
        // wherever the layers around it show.
        let own = CompositionLayers(
            document: document, animator: animator.showing(from: layer.inPoint, to: layer.outPoint), report: report, images: images)
        let content = TransformLayers.apply(
            layer.transform, to: result, animator: own.animator, report: report, path: path,
            autoOrient: layer.autoOrient)
        own.animator.apply(layer.transform.opacity, to: result, keyPath: "opacity") { min(max($0 / 100, 0), 1) }
        applyBlendMode(layer.blendMode, to: result, path: path)
        if let shadow = layer.effects.first(where: \.isDropShadow) { DropShadow.apply(shadow, to: result, animator: own.animator) }
        content.mask = MaskLayers(animator: own.animator, report: report, path: path).mask(for: layer.masks)
        switch layer.content {
        case .shapes(let items):
            let group = ShapeGroup(name: layer.name, items: items, trims: [], corners: [], report: report, path: path)
            ShapeLayers(animator: own.animator, report: report, path: path).draw(group, into: content)
        case .solid(let color, let width, let height):
            let solid = CALayer()
            solid.anchorPoint = .zero
            solid.bounds = CGRect(x: 0, y: 0, width: width, height: height)
            solid.backgroundColor = ShapeLayers.color(color)
            content.addSublayer(solid)
        case .precomp(let id, let width, let height):
            guard let precomp = try own.precompLayer(layer, id: id, size: CGSize(width: width, height: height), path: path) else {
                return nil
            }
            content.addSublayer(precomp)
        case .image(let id):
            guard let (image, size) = images.image(id, report: report, path: path) else { return nil }
            let picture = CALayer()
            picture.anchorPoint = .zero
            picture.bounds = CGRect(origin: .zero, size: size)
            picture.contents = image
            picture.contentsGravity = images.contentsGravity
            content.addSublayer(picture)
        case .text(let text):
            TextLayers(document: document, animator: own.animator, report: report, path: path).draw(text, into: content)
        case .null, .unsupported:
            break
        }
        report.diagnostics(of: result, since: before, at: path)
        return result
    }

    /// The layer that holds precomposition `id`'s layers for `layer`: its size, clipped, in its
    /// own time.
    private func precompLayer(_ layer: LottieLayer, id: String, size: CGSize, path: String) throws(LottieError) -> CALayer? {
        guard let layers = document.precomps[id] else {
            report.notDrawn(path, "precomposition", "no asset \"\(id)\" in the file")
            return nil
        }
        let clip = CALayer()
        clip.name = "\(layer.name) (\(id))"
        clip.anchorPoint = .zero
        clip.bounds = CGRect(origin: .zero, size: size)
        clip.masksToBounds = size.width > 0 && size.height > 0
        var inner = animator
        if layer.timeRemap != nil || animator.remapping != nil {
            // Time remapping, here or around: the layers' animations are sampled in the outer frames.
            inner.remapping = remapping(for: layer)
        } else {
            clip.beginTime = animator.seconds(layer.startTime)
            if layer.timeStretch.isFinite, layer.timeStretch > 0 {
                clip.speed = Float(1 / layer.timeStretch)
            } else {
                report.approximated(path, "time stretch", "a time stretch of \(layer.timeStretch) is played as 1")
            }
        }
        let childSize = size.width > 0 && size.height > 0 ? size : CGSize(width: document.width, height: document.height)
        clip.sublayers = try CompositionLayers(document: document, animator: inner, report: report, images: images)
            .layers(layers, size: childSize, path: path, visibleFrames: nil)
        return clip
    }

    /// How precomposition `layer`'s frames follow the outer frames: through its time remapping
    /// (`tm`, seconds of the precomposition at each frame of the composition around it, start
    /// time and stretch then unused, as in lottie-ios), else its start time and stretch, after
    /// the remapping of the compositions around it.
    private func remapping(for layer: LottieLayer) -> FrameMapping {
        let frameRate = animator.frameRate
        let start = layer.startTime, stretch = layer.timeStretch.isFinite && layer.timeStretch > 0 ? layer.timeStretch : 1
        let inner: (Double) -> Double
        if let timeRemap = layer.timeRemap {
            inner = { timeRemap.value(at: $0) * frameRate }
        } else {
            inner = { ($0 - start) / stretch }
        }
        guard let outer = animator.remapping else {
            return FrameMapping(frames: min(layer.inPoint, layer.outPoint)...max(layer.inPoint, layer.outPoint), local: inner)
        }
        return outer.nested(inner)
    }

    /// Shows `layer`'s CALayer only from its in point up to its out point: hidden, with an
    /// animation that shows it in between (none when it is visible over all of `visibleFrames`).
    /// `target` is the outermost of the layers that hold only it (those of its parents'
    /// transforms, the one its matte masks), all in the same time: hidden, none of them is drawn,
    /// where hiding the innermost would leave the renderer to walk the others on every frame.
    ///
    /// Lottie shows a layer up to, not including, its out point, and Core Animation's active
    /// period includes its end: the animation ends a microsecond early, except at the end of
    /// the main composition, which stays visible on its last frame (as lottie-ios keeps it).
    private func applyVisibility(_ layer: LottieLayer, to target: CALayer, visibleFrames: ClosedRange<Double>?) {
        if let remapping = animator.remapping {
            let (inPoint, outPoint) = (layer.inPoint, layer.outPoint)
            let hidden = Track<Bool>(
                sample: { !($0 >= inPoint && $0 < outPoint) }, constantSpan: { $0 >= inPoint && $0 < outPoint ? 1 : 0 })
            animator.animate(Track(remapping: hidden, through: remapping), to: target, keyPath: "hidden") { $0 }
            return
        }
        if let visibleFrames, layer.inPoint <= visibleFrames.lowerBound, layer.outPoint >= visibleFrames.upperBound { return }
        target.isHidden = true
        guard layer.outPoint > layer.inPoint else { return }
        let begin = animator.seconds(layer.inPoint)
        var end = animator.seconds(layer.outPoint)
        if let visibleFrames, layer.outPoint >= visibleFrames.upperBound {
            end = animator.seconds(visibleFrames.upperBound)
        } else {
            end -= 1e-6
        }
        let shown = CABasicAnimation(keyPath: "hidden")
        shown.fromValue = false
        shown.toValue = false
        shown.beginTime = Animator.beginTime(begin)
        shown.duration = max(end - begin, 0)
        shown.isRemovedOnCompletion = false
        target.add(shown, forKey: "visibility")
    }

    /// After Effects' blend mode number as the layer's `compositingFilter`.
    private func applyBlendMode(_ mode: Int, to layer: CALayer, path: String) {
        let names = [
            "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode",
            "colorDodgeBlendMode", "colorBurnBlendMode", "hardLightBlendMode", "softLightBlendMode",
            "differenceBlendMode", "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode",
            "luminosityBlendMode", "plusL", "hardMixBlendMode",
        ]
        guard mode != 0 else { return }
        guard (1...names.count).contains(mode) else {
            report.approximated(path, "blend mode", "blend mode \(mode) drawn as normal")
            return
        }
        layer.compositingFilter = names[mode - 1]
    }

    /// `drawn` inside a layer holding each parent's transform in turn (nearest inside).
    private func parented(
        _ drawn: CALayer, _ layer: LottieLayer, byIndex: LayersByIndex, size: CGSize,
        path: String
    ) throws(LottieError) -> CALayer {
        // The parents' transforms are seen where the layer shows (a parent's own visibility does not pass on).
        let animator = animator.showing(from: layer.inPoint, to: layer.outPoint)
        var current = drawn
        var next = layer.parent
        var seen = MetElements<Int>()
        if let index = layer.index { _ = seen.insert(index) }
        while let index = next {
            guard let parent = byIndex[index] else {
                report.approximated(path, "parent", "no layer \(index) to be parented to: drawn without a parent")
                break
            }
            guard seen.insert(index) else {
                throw .invalidDocument(path: path, reason: "its parents come back to layer \(index)")
            }
            try report.countLayer(at: path)
            let holder = CALayer()
            holder.name = "\(parent.name) (parent of \(layer.name))"
            holder.bounds = CGRect(origin: .zero, size: size)
            let inner = TransformLayers.apply(parent.transform, to: holder, animator: animator, report: report, path: path)
            inner.addSublayer(current)
            current = holder
            next = parent.parent
        }
        return current
    }

    /// `placed` with its matte, as the `mask` of a layer around it: the matte layer (with its
    /// own parents) for an alpha matte; through `luminanceToAlpha` for a luma matte; an inverted
    /// matte takes its alpha away (`destOut`) from a very large opaque layer.
    private func matted(
        _ placed: CALayer, by source: LottieLayer?, mode: Int, byIndex: LayersByIndex, size: CGSize,
        path: String, visibleFrames: ClosedRange<Double>?
    ) throws(LottieError) -> CALayer {
        guard let source else {
            report.approximated(path, "matte", "no matte layer above it: drawn without a matte")
            return placed
        }
        guard (1...4).contains(mode) else {
            report.notDrawn(path, "matte", "matte mode \(mode) is not drawn: drawn without its matte")
            return placed
        }
        let container = Self.plainLayer(size: size)
        container.name = "\(placed.name ?? "") (matted)"
        container.addSublayer(placed)
        let matte = Self.plainLayer(size: size)
        matte.name = source.name
        if let drawn = try layer(source, size: size, path: "\(path) (matte)", visibleFrames: visibleFrames) {
            let placed = try parented(drawn, source, byIndex: byIndex, size: size, path: path)
            applyVisibility(source, to: placed, visibleFrames: visibleFrames)
            matte.addSublayer(placed)
        }
        if mode >= 3 { matte.filters = [CAFilter(type: "luminanceToAlpha")] }
        if mode == 2 || mode == 4 {
            let opaque = CALayer()
            opaque.name = "inverted matte"
            opaque.frame = CGRect(
                x: -MaskLayers.outside, y: -MaskLayers.outside, width: 2 * MaskLayers.outside,
                height: 2 * MaskLayers.outside)
            opaque.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            matte.compositingFilter = "destOut"
            let inverted = Self.plainLayer(size: size)
            inverted.addSublayer(opaque)
            inverted.addSublayer(matte)
            container.mask = inverted
        } else {
            container.mask = matte
        }
        return container
    }

    private static func plainLayer(size: CGSize) -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.bounds = CGRect(origin: .zero, size: size)
        return layer
    }

    /// Reports what a layer has that is not drawn.
    private func reportUnsupported(_ layer: LottieLayer, path: String) {
        let others = layer.effects.filter { !$0.isDropShadow }.map(\.name)
        if !others.isEmpty { report.notDrawn(path, "effects", "effects not drawn: \(others.joined(separator: ", "))") }
        if layer.effects.filter(\.isDropShadow).count > 1 {
            report.approximated(path, "drop shadow", "only the first drop shadow is drawn")
        }
        if layer.isThreeDimensional { report.approximated(path, "3D layer", "drawn flat") }
        if layer.expressionCount > 0 {
            report.approximated(
                path, "expressions",
                "\(layer.expressionCount) expression\(layer.expressionCount == 1 ? "" : "s") not evaluated: keyframes drawn")
        }
    }
}

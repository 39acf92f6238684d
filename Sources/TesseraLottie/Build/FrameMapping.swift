/// How a time-remapped precomposition's frames follow the frames of the composition around it
/// (which Core Animation's layer timing cannot express: `timeOffset` is not animatable): the
/// animations of its layers are sampled at every frame of the outer composition.
struct FrameMapping {
    /// The outer composition's frames to sample (where the precomposition layer shows).
    let frames: ClosedRange<Double>
    /// The precomposition's frame at an outer frame.
    let local: (Double) -> Double
    /// The outer frames sampled (``sampleFrames(_:)`` of `frames`' ends) with the
    /// precomposition's frame at each: computed once for all the tracks remapped.
    let samples: [(outer: Double, local: Double)]
    /// Whether each sample's value can be seen: false where a layer around (the
    /// precomposition's layer, or one of its own, ``showing(from:to:)``) is hidden at the
    /// sample and at both samples beside it, so that it is hidden over the two spans the
    /// sample's value takes part in. Such samples are not computed (``Track/init(remapping:through:)``).
    let needed: [Bool]

    init(frames: ClosedRange<Double>, local: @escaping (Double) -> Double) {
        self.frames = frames
        self.local = local
        samples = Self.sampleFrames([frames.lowerBound, frames.upperBound]).map { ($0, local($0)) }
        needed = Array(repeating: true, count: samples.count)
    }

    private init(
        frames: ClosedRange<Double>, local: @escaping (Double) -> Double, samples: [(outer: Double, local: Double)], needed: [Bool]
    ) {
        self.frames = frames
        self.local = local
        self.samples = samples
        self.needed = needed
    }

    /// The mapping of a precomposition inside this one, whose frame at a frame `f` of this
    /// one's is `inner(f)`.
    func nested(_ inner: @escaping (Double) -> Double) -> FrameMapping {
        let outer = local
        return FrameMapping(
            frames: frames, local: { inner(outer($0)) }, samples: samples.map { ($0.outer, inner($0.local)) }, needed: needed)
    }

    /// The mapping for the animations of a layer of the precomposition shown from its frame
    /// `inPoint` up to `outPoint` (and of what it holds): as the layer is hidden elsewhere
    /// (``CompositionLayers``' visibility, sampled at the same frames), samples are needed
    /// only beside the frames where it shows.
    func showing(from inPoint: Double, to outPoint: Double) -> FrameMapping {
        func shows(_ i: Int) -> Bool { samples[i].local >= inPoint && samples[i].local < outPoint }
        var needed = needed
        for i in needed.indices where needed[i] {
            needed[i] = shows(i) || (i > 0 && shows(i - 1)) || (i + 1 < samples.count && shows(i + 1))
        }
        return FrameMapping(frames: frames, local: local, samples: samples, needed: needed)
    }

    /// The most samples a sampled track takes; longer ranges are sampled more sparsely.
    static var maximumSampleCount: Int { 4096 }

    /// The frames a sampled track takes: each of `keyframeTimes` and every whole frame (or every
    /// few, past ``maximumSampleCount``) between the first and the last, in order, once each.
    static func sampleFrames(_ keyframeTimes: [Double]) -> [Double] {
        guard let first = keyframeTimes.min(), let last = keyframeTimes.max() else { return [] }
        let step = max(1, ((last - first) / Double(maximumSampleCount)).rounded(.up))
        var samples = keyframeTimes
        samples.reserveCapacity(keyframeTimes.count + Int(((last - first) / step).rounded(.up)) + 1)
        var frame = (first / step).rounded(.up) * step
        while frame < last {
            samples.append(frame)
            frame += step
        }
        samples.sort()
        var unique = 0
        for time in samples where unique == 0 || time != samples[unique - 1] {
            samples[unique] = time
            unique += 1
        }
        samples.removeLast(samples.count - unique)
        return samples
    }
}

/// A color of a value provider: red, green, blue and alpha in 0–1.
public struct LottieColor: Sendable, Equatable {
    /// The red component, 0–1.
    public var red: Double
    /// The green component, 0–1.
    public var green: Double
    /// The blue component, 0–1.
    public var blue: Double
    /// The alpha component, 0–1 (opaque by default).
    public var alpha: Double

    /// A color of these components, each in 0–1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// A value that replaces a property's: of the property's own kind, in Lottie's units.
public enum LottieValue: Sendable, Equatable {
    /// `Color`, `Stroke Color`. Its alpha multiplies the fill's or stroke's opacity where both
    /// are fixed (lottie-ios draws the color with its alpha), and is ignored where either is
    /// animated.
    case color(LottieColor)
    /// `Opacity` (percent), `Rotation` (degrees), `Stroke Width` (points).
    case number(Double)
    /// `Position` (points), `Scale` (percent in x and y).
    case point(x: Double, y: Double)
    /// `Colors` of a gradient fill or stroke: the colors (with their alpha) at `locations` (0–1),
    /// as many of each.
    case gradient(colors: [LottieColor], locations: [Double])
}

/// What a property becomes, as lottie-ios's `ColorValueProvider`, `FloatValueProvider`,
/// `PointValueProvider` and `GradientValueProvider` give it: one value at all times, or keyframes
/// (in the frames of the property's composition, eased linearly).
///
/// A provider whose kind is not the property's (a color for `Stroke Width`) leaves the property
/// as the file has it, and is listed in ``LottieAnimation/skipped``.
public struct LottieValueProvider: Sendable, Equatable {
    /// A value at a frame.
    public struct Keyframe: Sendable, Equatable {
        /// The frame, in the frames of the property's composition.
        public var frame: Double
        /// The value the property takes at ``frame``.
        public var value: LottieValue

        /// `value` at `frame`.
        public init(frame: Double, value: LottieValue) {
            self.frame = frame
            self.value = value
        }
    }

    /// In time order; never empty.
    public let keyframes: [Keyframe]

    /// The same value at all times.
    public init(_ value: LottieValue) {
        keyframes = [Keyframe(frame: 0, value: value)]
    }

    /// Values at frames: fails when there are none, when they are not of one kind (all colors,
    /// all numbers…) or not in time order, or when a gradient's colors and locations differ in
    /// number.
    public init(keyframes: [Keyframe]) throws(LottieError) {
        guard let first = keyframes.first else { throw .invalidProvider(reason: "a value provider with no keyframes") }
        for (previous, keyframe) in zip(keyframes, keyframes.dropFirst()) where !(keyframe.frame >= previous.frame) {
            throw .invalidProvider(reason: "keyframes out of time order (frame \(keyframe.frame) after \(previous.frame))")
        }
        for keyframe in keyframes {
            guard keyframe.value.kind == first.value.kind else {
                throw .invalidProvider(reason: "keyframes of different kinds (\(first.value.kind) and \(keyframe.value.kind))")
            }
            guard keyframe.frame.isFinite else { throw .invalidProvider(reason: "a keyframe at frame \(keyframe.frame)") }
        }
        self.keyframes = keyframes
        for keyframe in keyframes {
            if case .gradient(let colors, let locations) = keyframe.value, colors.count != locations.count || colors.isEmpty {
                throw .invalidProvider(reason: "a gradient of \(colors.count) colors at \(locations.count) locations")
            }
        }
    }
}

extension LottieValue {
    /// Its kind in words, for errors and reports.
    var kind: String {
        switch self {
        case .color: "color"
        case .number: "number"
        case .point: "point"
        case .gradient: "gradient"
        }
    }
}

import CTesseraSIMD

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Apple's Generic RGB colour space (the ColorSync "Generic RGB Profile", `kCGColorSpaceGenericRGB`):
/// P22 phosphors, a D65 white and a pure power curve of gamma 1.8 (Apple's Technical Q&A QA1430).
/// CoreGraphics converts a gradient's colours into it, and interpolates them there, when the
/// `CGGradient` is made without a colour space (see ``Gradient/ColorSpace/genericRGB``).
///
/// Colours go through the profiles' connection space: sRGB decoded to linear light, to CIE XYZ by
/// the sRGB profile's colorants, back to the Generic RGB primaries' linear light by the inverse of
/// that profile's colorants, then encoded with gamma 1.8 (and the way back). Both sets of
/// colorants are the profiles' own, adapted to D50. A colour outside Generic RGB's gamut is
/// clamped into it, each linear component to [0, 1], as Apple's renders show: sRGB's pure red
/// (green −0.12 in Generic RGB) comes back as (255, 39, 0), and a gradient ending on pink
/// (1, 0, 0.4) is drawn with green 41 near its end in lottie-ios's gradient_shapes snapshot,
/// where the colour unclamped would give 7. The way back clamps only the sRGB result, as pixels
/// are, so that a colour inside the gamut comes back as it went.
///
/// The way back runs for every entry of a colour table, and a gradient whose colours animate
/// builds one every frame: its two curves are read from tables of 4,097 points over [0, 1],
/// linear between them, within 2·10⁻⁵ of the curves (under a hundredth of an 8-bit level).
enum GenericRGB {
    /// The sRGB profile's (IEC 61966-2.1) colorants adapted to D50 (columns: the X, Y and Z of
    /// red, green and blue).
    private static let sRGBColorants: [[Double]] = [
        [0.4360747, 0.3850649, 0.1430804],
        [0.2225045, 0.7168786, 0.0606169],
        [0.0139322, 0.0971045, 0.7141733],
    ]
    /// Generic RGB Profile's colorants, to four places, each row scaled so that the three add
    /// up to the sRGB profile's white, as both profiles' do to D50: greys stay grey.
    private static let genericColorants: [[Double]] = {
        let rounded: [[Double]] = [
            [0.4540, 0.3533, 0.1570],
            [0.2426, 0.6738, 0.0836],
            [0.0148, 0.0902, 0.7201],
        ]
        return (0..<3).map { i in
            let scale = sRGBColorants[i].reduce(0, +) / rounded[i].reduce(0, +)
            return rounded[i].map { $0 * scale }
        }
    }()
    /// Linear sRGB → linear Generic RGB.
    private static let fromLinearSRGB = multiply(inverse(genericColorants), sRGBColorants)
    /// Linear Generic RGB → linear sRGB, 3 × 3 by rows.
    static let toLinearSRGB = multiply(inverse(sRGBColorants), genericColorants).flatMap { $0 }

    /// The Generic RGB components (gamma-encoded, clamped to the gamut) of an sRGB colour; alpha
    /// kept.
    static func fromSRGB(_ c: Color) -> Color {
        let linear = apply(fromLinearSRGB, (decodeSRGB(c.red), decodeSRGB(c.green), decodeSRGB(c.blue)))
        func inGamut(_ v: Double) -> Double { encode(min(max(v, 0), 1)) }
        return Color(red: inGamut(linear.0), green: inGamut(linear.1), blue: inGamut(linear.2), alpha: c.alpha)
    }

    /// Fills a colour table: entry i is the colour at t = i / (count − 1) of `stops` (sorted,
    /// clamped, not empty, as `GradientTable.usableStops` gives them), interpolated between their
    /// Generic RGB components as `GradientTable.color(at:_:from:)` interpolates, converted back to
    /// sRGB (clamped to [0, 1]), premultiplied; in C (`tsr_generic_rgb_table`).
    static func fillTable(_ entries: UnsafeMutablePointer<UInt32>, count: Int, stops: [(offset: Double, color: Color)]) {
        let offsets = stops.map(\.offset)
        let components = stops.flatMap {
            let c = fromSRGB($0.color)
            return [c.red, c.green, c.blue, c.alpha]
        }
        tsr_generic_rgb_table(
            offsets, components, Int32(stops.count), Int32(count), toLinearSRGB, decodePairs,
            encodeSRGBPairs, Int32(curveSteps), entries)
    }

    private static let gamma = 1.8

    private static func encode(_ v: Double) -> Double { pow(v, 1 / gamma) }

    /// IEC 61966-2.1's transfer functions.
    private static func decodeSRGB(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    private static func encodeSRGB(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }

    /// Points of a curve over [0, 1], and how many steps lie between them.
    static let curveSteps = 4096
    static let decodeCurve = (0...curveSteps).map { pow(Double($0) / Double(curveSteps), gamma) }
    static let encodeSRGBCurve = (0...curveSteps).map { encodeSRGB(Double($0) / Double(curveSteps)) }
    /// The curves as `tsr_generic_rgb_table` reads them: (point k, point k + 1 − point k) per step.
    private static let decodePairs = pairs(decodeCurve)
    private static let encodeSRGBPairs = pairs(encodeSRGBCurve)

    private static func pairs(_ curve: [Double]) -> [Double] {
        (0..<curveSteps).flatMap { [curve[$0], curve[$0 + 1] - curve[$0]] }
    }

    private static func apply(_ m: [[Double]], _ v: (Double, Double, Double)) -> (Double, Double, Double) {
        (
            m[0][0] * v.0 + m[0][1] * v.1 + m[0][2] * v.2,
            m[1][0] * v.0 + m[1][1] * v.1 + m[1][2] * v.2,
            m[2][0] * v.0 + m[2][1] * v.1 + m[2][2] * v.2
        )
    }

    private static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    /// The inverse of a 3 × 3 matrix by its adjugate (the colorant matrices are well conditioned).
    private static func inverse(_ m: [[Double]]) -> [[Double]] {
        func cofactor(_ i: Int, _ j: Int) -> Double {
            let r = [(i + 1) % 3, (i + 2) % 3], c = [(j + 1) % 3, (j + 2) % 3]
            return m[r[0]][c[0]] * m[r[1]][c[1]] - m[r[0]][c[1]] * m[r[1]][c[0]]
        }
        let determinant = (0..<3).reduce(0) { $0 + m[0][$1] * cofactor(0, $1) }
        return (0..<3).map { i in (0..<3).map { j in cofactor(j, i) / determinant } }
    }
}

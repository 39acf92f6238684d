/// The whole blur (SeparableBlur, through Pixmap and AlphaMask) against the blur built from the
/// scalar references one line at a time, as the engine was built before its passes were fused and
/// its plane laid out in strips: every row widened, through the axis's passes, into a plane of
/// grown rows; every column of that plane through the vertical passes, narrowed. Byte for byte, for
/// RGBA and alpha images of many sizes, every kind of axis along each direction (none, the sampled
/// kernel, boxes of small and large radius) and several thread counts.
import CTesseraSIMD
import Testing
@testable import TesseraRaster

@Suite struct BlurPipelineOracleTests {
    typealias Random = KernelOracle.Random

    /// `line` (`count` steps of `lanes` values, `step` apart, zeros around it) through `axis`'s passes
    /// by the references: the line grown by the reach.
    static func filter(_ line: [Int16], count: Int, lanes: Int, step: Int, _ axis: BlurAxis) -> [Int16] {
        let reach = axis.reach, pad = axis.margin, grown = count + 2 * reach
        var values = [Int16](repeating: 0, count: (grown + 2 * pad) * step)
        for i in 0..<(count * step) { values[(pad + reach) * step + i] = line[i] }
        var next = values
        for pass in axis.passes {
            values.withUnsafeBufferPointer { input in
                next.withUnsafeMutableBufferPointer { output in
                    let from = input.baseAddress! + pad * step, to = output.baseAddress! + pad * step
                    switch pass {
                    case .box(let radius, let alpha):
                        tsr_blur_box_reference(from, step, to, step, lanes, grown, radius, alpha,
                                               BlurPass.boxScale(radius: radius, alpha: alpha))
                    case .convolve(let weights):
                        tsr_blur_convolve_reference(from, step, to, step, lanes, grown, weights, weights.count / 2)
                    }
                }
            }
            swap(&values, &next)
        }
        return Array(values[(pad * step)..<((pad + grown) * step)])
    }

    /// The bytes of a `width × height` image of `channels` channels blurred by `blur`, the reference
    /// way: rows, then columns, each a line of its own.
    static func blurred(_ bytes: [UInt8], width: Int, height: Int, channels: Int, _ blur: SeparableBlur) -> [UInt8] {
        let lanes = width * channels, grownWidth = width + 2 * blur.horizontal.reach
        let rowLanes = grownWidth * channels, grownHeight = height + 2 * blur.vertical.reach
        var plane = [Int16](repeating: 0, count: height * rowLanes)
        for y in 0..<height {
            var wide = [Int16](repeating: 0, count: lanes)
            tsr_blur_widen_reference(Array(bytes[(y * lanes)..<((y + 1) * lanes)]), &wide, lanes)
            let row = filter(wide, count: width, lanes: channels, step: channels, blur.horizontal)
            plane.replaceSubrange((y * rowLanes)..<((y + 1) * rowLanes), with: row)
        }
        let columns = filter(plane, count: height, lanes: rowLanes, step: rowLanes, blur.vertical)
        var result = [UInt8](repeating: 0, count: grownHeight * rowLanes)
        tsr_blur_narrow_reference(columns, &result, result.count)
        return result
    }

    @Test func pixmapsAndMasksMatchTheReference() throws {
        var random = Random(seed: 0xB1A5)
        let sigmas = [0, 0.7, 1.5, 2, 2.4, 3.3, 5, 11.3, 30]
        for round in 0..<60 {
            let width = random.int(in: 1...(random.chance(0.8) ? 40 : 150))
            let height = random.int(in: 1...(random.chance(0.8) ? 40 : 150))
            let blur = GaussianBlur(sigmaX: sigmas[random.int(in: 0...(sigmas.count - 1))],
                                    sigmaY: sigmas[random.int(in: 0...(sigmas.count - 1))])
            let threads = [1, 2, 3, 8][random.int(in: 0...3)]
            let image = try Pixmap(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width { image.row(y)[x] = KernelOracle.pixel(&random, opaque: 0.3) }
            }
            let context = "round \(round): \(width)×\(height), σ = (\(blur.sigmaX), \(blur.sigmaY)), \(threads) threads"
            let expected = Self.blurred(image.bytes, width: width, height: height, channels: 4, blur.engine)
            if let d = KernelOracle.difference(try image.blurred(by: blur, threadCount: threads).bytes, expected) {
                Issue.record("\(context), RGBA: \(d)")
                return
            }
            var mask = AlphaMask(x: 0, y: 0, width: width, height: height)
            for y in 0..<height { for x in 0..<width { mask[x, y] = image[x, y].a } }
            let alphas = Self.blurred(mask.values, width: width, height: height, channels: 1, blur.engine)
            if let d = KernelOracle.difference(mask.blurred(by: blur, threadCount: threads).values, alphas) {
                Issue.record("\(context), alpha: \(d)")
                return
            }
        }
    }
}

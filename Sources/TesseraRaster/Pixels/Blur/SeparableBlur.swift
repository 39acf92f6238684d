import CTesseraSIMD
import Dispatch

/// The engine of ``GaussianBlur`` and of ``AlphaMask/blurred(by:threadCount:)``: a
/// separable blur of 8-bit pixels (4 channels: premultiplied RGBA; 1: alpha), each axis a list of
/// ``BlurPass``es, with transparent pixels outside the image. The result is the image grown by
/// each axis's reach on both sides.
///
/// Values are widened to fixed point (CTesseraBlur.h), filtered along the rows, then down the
/// columns, and narrowed back to bytes:
/// 1. **Rows** (parallel over rows): each row is widened into a scratch line with zeros around it,
///    goes through the horizontal passes (the 4 channels of a pixel are one step's lanes) and is
///    stored in an intermediate plane of `Int16`. An alpha image's rows go four at a time,
///    interleaved as if they were the channels of one RGBA row, so that they fill the lanes too.
/// 2. **Columns** (parallel over strips of ``stripLanes`` values): each strip goes down the
///    rows through the vertical passes, in scratch that holds the strip's whole height (the lanes
///    of a step are the strip's columns), and is narrowed into the destination.
///
/// Every row and every strip is computed alone, by the same arithmetic, so the bytes do not depend
/// on the thread count.
struct SeparableBlur: Hashable, Sendable {
    let horizontal: BlurAxis
    let vertical: BlurAxis

    /// The values a column strip holds side by side: 128 bytes of `Int16`, two cache lines a row.
    static let stripLanes = 64

    /// Blurs `width × height` pixels of `channels` bytes at `source` (rows `sourceRowBytes` apart)
    /// into the `(width + 2 · horizontal.reach) × (height + 2 · vertical.reach)` pixels at
    /// `destination` (rows `destinationRowBytes` apart), every one of which it writes; source pixel
    /// (x, y) lands at (x + horizontal.reach, y + vertical.reach). Up to `threadCount` threads.
    func run(source: UnsafePointer<UInt8>, sourceRowBytes: Int, width: Int, height: Int, channels: Int,
             destination: UnsafeMutablePointer<UInt8>, destinationRowBytes: Int, threadCount: Int) {
        precondition(channels == 1 || channels == 4, "1 or 4 channels")
        precondition(width > 0 && height > 0, "an empty image")
        let grownWidth = width + 2 * horizontal.reach, grownHeight = height + 2 * vertical.reach
        let rowLanes = grownWidth * channels, margin = vertical.margin
        // The rows blurred along x, in the columns' coordinates: source row y is plane row
        // margin + reach + y. The rows above and below it stay zero.
        let planeRows = grownHeight + 2 * margin
        let plane = UnsafeMutablePointer<Int16>.allocate(capacity: planeRows * rowLanes)
        defer { plane.deallocate() }
        let firstRow = margin + vertical.reach
        plane.initialize(repeating: 0, count: firstRow * rowLanes)
        (plane + (firstRow + height) * rowLanes).initialize(repeating: 0, count: (planeRows - firstRow - height) * rowLanes)
        let memory = Memory(source: source, plane: plane, destination: destination)

        let lines = channels == 4 ? height : (height + 3) / 4
        Self.parallel(lines, threadCount) { range in
            blurRows(range, memory, sourceRowBytes: sourceRowBytes, width: width, height: height, channels: channels,
                     plane: memory.plane + firstRow * rowLanes, rowLanes: rowLanes)
        }
        let strips = (rowLanes + Self.stripLanes - 1) / Self.stripLanes
        Self.parallel(strips, threadCount) { range in
            blurColumns(range, memory, rowLanes: rowLanes, grownHeight: grownHeight,
                        destinationRowBytes: destinationRowBytes)
        }
    }

    /// Step 1 for the lines in `range` (rows, or groups of four alpha rows).
    private func blurRows(_ range: Range<Int>, _ memory: Memory, sourceRowBytes: Int, width: Int, height: Int,
                          channels: Int, plane: UnsafeMutablePointer<Int16>, rowLanes: Int) {
        let margin = horizontal.margin, reach = horizontal.reach, grownWidth = width + 2 * reach
        let lineLanes = (grownWidth + 2 * margin) * 4
        // Three lines: the widened input (written only between the zeros of its margins and its
        // reach) and two that the passes write in turn, each over its whole width.
        let scratch = UnsafeMutablePointer<Int16>.allocate(capacity: 3 * lineLanes)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: 0, count: 3 * lineLanes)
        let interleaved = UnsafeMutablePointer<UInt8>.allocate(capacity: channels == 1 ? width * 4 : 0)
        defer { interleaved.deallocate() }
        let start = 4 * margin   // a line's step 0
        for line in range {
            if channels == 4 {
                tsr_blur_widen(memory.source + line * sourceRowBytes, scratch + start + 4 * reach, width * 4)
            } else {
                for j in 0..<4 {
                    let row = 4 * line + j
                    for x in 0..<width { interleaved[4 * x + j] = row < height ? memory.source[row * sourceRowBytes + x] : 0 }
                }
                tsr_blur_widen(interleaved, scratch + start + 4 * reach, width * 4)
            }
            var input = scratch + start
            for (k, pass) in horizontal.passes.enumerated() {
                let output = scratch + (1 + k % 2) * lineLanes + start
                pass.run(from: input, step: 4, to: output, step: 4, lanes: 4, count: grownWidth)
                input = output
            }
            if channels == 4 {
                (plane + line * rowLanes).update(from: input, count: rowLanes)
            } else {
                for j in 0..<4 where 4 * line + j < height {
                    let row = plane + (4 * line + j) * rowLanes
                    for x in 0..<grownWidth { row[x] = input[4 * x + j] }
                }
            }
        }
    }

    /// Step 2 for the column strips in `range`.
    private func blurColumns(_ range: Range<Int>, _ memory: Memory, rowLanes: Int, grownHeight: Int,
                             destinationRowBytes: Int) {
        let margin = vertical.margin, stride = Self.stripLanes
        let stripValues = (grownHeight + 2 * margin) * stride
        // Two strips that the passes write in turn, rows margin ..< margin + grownHeight; the
        // margins stay zero.
        let scratch = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * stripValues)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: 0, count: 2 * stripValues)
        for strip in range {
            let firstLane = strip * stride, lanes = min(stride, rowLanes - firstLane)
            var input = UnsafePointer(memory.plane + margin * rowLanes + firstLane), inStep = rowLanes
            for (k, pass) in vertical.passes.enumerated() {
                let output = scratch + (k % 2) * stripValues + margin * stride
                pass.run(from: input, step: inStep, to: output, step: stride, lanes: lanes, count: grownHeight)
                input = UnsafePointer(output)
                inStep = stride
            }
            for row in 0..<grownHeight {
                tsr_blur_narrow(input + row * inStep, memory.destination + row * destinationRowBytes + firstLane, lanes)
            }
        }
    }

    /// Runs `body` over `count` items split into up to `threadCount` contiguous ranges: on the
    /// caller's thread for one, on Dispatch's pool otherwise.
    private static func parallel(_ count: Int, _ threadCount: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let chunks = max(1, min(threadCount, count))
        let range = { @Sendable (i: Int) in (i * count / chunks)..<((i + 1) * count / chunks) }
        if chunks == 1 {
            body(0..<count)
        } else {
            DispatchQueue.concurrentPerform(iterations: chunks) { body(range($0)) }
        }
    }

    /// The buffers the workers share. `@unchecked Sendable` because it carries pointers: each
    /// worker reads the source and writes only its own rows of the plane (step 1), or reads the
    /// plane and writes only its own columns of the destination (step 2); step 2 starts after
    /// step 1 has ended.
    private struct Memory: @unchecked Sendable {
        let source: UnsafePointer<UInt8>
        let plane: UnsafeMutablePointer<Int16>
        let destination: UnsafeMutablePointer<UInt8>
    }
}

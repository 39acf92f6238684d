import CTesseraSIMD

/// The engine of ``GaussianBlur`` and of ``AlphaMask/blurred(by:threadCount:)``: a
/// separable blur of 8-bit pixels (4 channels: premultiplied RGBA; 1: alpha), each axis a
/// ``BlurAxis``, with transparent pixels outside the image. The result is the image grown by
/// each axis's reach on both sides.
///
/// Values are widened to fixed point (CTesseraBlur.h), filtered along the rows into a ``Plane`` of
/// `Int16`, then down its columns, and narrowed back to bytes:
/// 1. **Rows** (parallel over blocks of 16 rows): three boxes go along the 16 rows of a block at
///    once in one sweep (tsr_blur_boxes_rows), from the source straight into the plane. An alpha
///    image's rows go four at a time, interleaved as if they were the channels of one RGBA row, so
///    that they fill the lanes too (64 rows a block). The sampled kernel (σ < 2) goes along one row at a
///    time in a scratch line: widened, convolved, copied into the plane.
/// 2. **Columns** (parallel over strips of 64 values): three boxes go down a strip in one sweep
///    (tsr_blur_boxes_columns), from the plane straight into the destination. The sampled kernel
///    goes down a copy of the strip with zeros above and below, which is then narrowed into the
///    destination.
///
/// Every row and every strip is computed alone, by the same arithmetic, so the bytes do not depend
/// on the thread count.
struct SeparableBlur: Hashable, Sendable {
    let horizontal: BlurAxis
    let vertical: BlurAxis

    /// Where the rows' results wait for the columns: `rows` rows of `lanes` values, in the layout the
    /// column sweep reads (CTesseraBlur.h): strips of ``stripLanes`` values, in blocks of
    /// ``blockRows`` rows, each block holding its strips one after the other and each strip its rows.
    /// The lanes of the last strip past `lanes` hold zeros; the rows of the last block past `rows`
    /// are not read.
    struct Plane {
        static let stripLanes = Int(TSR_BLUR_STRIP_LANES)
        static let blockRows = Int(TSR_BLUR_BLOCK_ROWS)
        /// Between the same row of two neighbouring strips.
        static let stripStride = stripLanes * blockRows

        let rows: Int
        let lanes: Int

        var strips: Int { (lanes + Self.stripLanes - 1) / Self.stripLanes }
        /// Between the same row of two neighbouring blocks.
        var blockStride: Int { strips * Self.stripStride }
        var count: Int { (rows + Self.blockRows - 1) / Self.blockRows * blockStride }

        /// The values of strip `strip` in row `row`.
        func offset(row: Int, strip: Int) -> Int {
            row / Self.blockRows * blockStride + strip * Self.stripStride + row % Self.blockRows * Self.stripLanes
        }

        /// The lanes of strip `strip` that are the image's.
        func lanes(inStrip strip: Int) -> Int { min(Self.stripLanes, lanes - strip * Self.stripLanes) }

        /// Writes row `row`: `value(lane)` for each of its lanes, zeros past them.
        func store(row: Int, into values: UnsafeMutablePointer<Int16>, _ value: (Int) -> Int16) {
            for strip in 0..<strips {
                let to = values + offset(row: row, strip: strip), first = strip * Self.stripLanes
                for lane in 0..<Self.stripLanes { to[lane] = first + lane < lanes ? value(first + lane) : 0 }
            }
        }
    }

    /// Blurs `width × height` pixels of `channels` bytes at `source` (rows `sourceRowBytes` apart)
    /// into the `(width + 2 · horizontal.reach) × (height + 2 · vertical.reach)` pixels at
    /// `destination` (rows `destinationRowBytes` apart), every one of which it writes; source pixel
    /// (x, y) lands at (x + horizontal.reach, y + vertical.reach). Up to `threadCount` threads;
    /// while `recorder` records, its planned thread count, each part an item of the drawing walk.
    func run(
        source: UnsafePointer<UInt8>, sourceRowBytes: Int, width: Int, height: Int, channels: Int,
        destination: UnsafeMutablePointer<UInt8>, destinationRowBytes: Int, threadCount: Int,
        recorder: FrameTaskRecorder? = nil
    ) {
        let threadCount = recorder.plannedThreadCount(otherwise: threadCount)
        precondition(channels == 1 || channels == 4, "1 or 4 channels")
        precondition(width > 0 && height > 0, "an empty image")
        let plane = Plane(rows: height, lanes: (width + 2 * horizontal.reach) * channels)
        let values = UnsafeMutablePointer<Int16>.allocate(capacity: plane.count)
        defer { values.deallocate() }
        let memory = Memory(source: source, plane: values, destination: destination, level: tsr_kernel_level())
        let image = Image(width: width, height: height, channels: channels, rowBytes: sourceRowBytes)
        // A unit of rows fills whole blocks: 16 rows, or an alpha image's 64 (16 groups of four).
        let unitRows = Plane.blockRows * (channels == 1 ? 4 : 1)
        recorder.concurrentPerform(splitting: (height + unitRows - 1) / unitRows, into: threadCount, stage: "drawing walk") { units in
            let rows = (units.lowerBound * unitRows)..<min(units.upperBound * unitRows, height)
            switch horizontal.filter {
            case .boxes(let radius, let alpha): boxRows(rows, radius: radius, alpha: alpha, image, memory, plane)
            case .sampled, .none: lineRows(rows, image, memory, plane)
            }
        }
        recorder.concurrentPerform(splitting: plane.strips, into: threadCount, stage: "drawing walk") { strips in
            blurColumns(strips, memory, plane, destinationRowBytes: destinationRowBytes)
        }
    }

    /// The source image's geometry.
    private struct Image {
        let width: Int
        let height: Int
        let channels: Int
        let rowBytes: Int
    }

    /// Step 1 for the source rows `rows` (whole units), through three boxes.
    private func boxRows(
        _ rows: Range<Int>, radius: Int, alpha: Float, _ image: Image, _ memory: Memory,
        _ plane: Plane
    ) {
        let scale = BlurPass.boxScale(radius: radius, alpha: alpha)
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: tsr_blur_boxes_scratch_size(radius), alignment: 32)
        defer { scratch.deallocate() }
        let width = image.width, blockRows = Plane.blockRows
        // A block's rows as the kernel reads them when they are not the source's: the last block's
        // rows then zeros, or an alpha image's rows interleaved four by four.
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: blockRows * width * 4)
        defer { block.deallocate() }
        if image.channels == 4 {
            for y in stride(from: rows.lowerBound, to: rows.upperBound, by: blockRows) {
                var from = memory.source + y * image.rowBytes, rowBytes = image.rowBytes
                if y + blockRows > image.height {
                    let count = (image.height - y) * width * 4
                    for k in 0..<(image.height - y) {
                        (block + k * width * 4).update(from: from + k * rowBytes, count: width * 4)
                    }
                    (block + count).initialize(repeating: 0, count: blockRows * width * 4 - count)
                    from = UnsafePointer(block)
                    rowBytes = width * 4
                }
                tsr_blur_boxes_rows(
                    memory.level, from, rowBytes, width, memory.plane + plane.offset(row: y, strip: 0),
                    Plane.stripStride, radius, alpha, scale, scratch)
            }
            return
        }
        // Alpha: the block's RGBA-like rows, each four rows of the image, blurred into `grown`
        // (laid out as a block of one row a strip), then spread back to their rows of the plane.
        let grownWidth = width + 2 * horizontal.reach
        let grown = UnsafeMutablePointer<Int16>.allocate(capacity: (grownWidth * 4 + 63) / 64 * Plane.stripStride)
        defer { grown.deallocate() }
        for y in stride(from: rows.lowerBound, to: rows.upperBound, by: 4 * blockRows) {
            for j in 0..<blockRows {
                for i in 0..<4 {
                    let row = y + 4 * j + i, to = block + j * width * 4 + i
                    for x in 0..<width { to[4 * x] = row < image.height ? memory.source[row * image.rowBytes + x] : 0 }
                }
            }
            tsr_blur_boxes_rows(memory.level, block, width * 4, width, grown, Plane.stripStride, radius, alpha, scale, scratch)
            for j in 0..<blockRows {
                for i in 0..<4 where y + 4 * j + i < image.height {
                    plane.store(row: y + 4 * j + i, into: memory.plane) { x in
                        grown[x / 16 * Plane.stripStride + j * Plane.stripLanes + x % 16 * 4 + i]
                    }
                }
            }
        }
    }

    /// Step 1 for the source rows `rows` through the sampled kernel, or none: one line at a time (a
    /// row, or four alpha rows).
    private func lineRows(_ rows: Range<Int>, _ image: Image, _ memory: Memory, _ plane: Plane) {
        let margin = horizontal.margin, reach = horizontal.reach, width = image.width, grownWidth = width + 2 * reach
        let lineLanes = (grownWidth + 2 * margin) * 4
        // Two lines: the widened input (written only between the zeros of its margins and its
        // reach) and the convolved one, written over its whole width.
        let scratch = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * lineLanes)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: 0, count: 2 * lineLanes)
        let interleaved = UnsafeMutablePointer<UInt8>.allocate(capacity: image.channels == 1 ? width * 4 : 0)
        defer { interleaved.deallocate() }
        let start = 4 * margin   // a line's step 0
        for y in stride(from: rows.lowerBound, to: rows.upperBound, by: image.channels == 4 ? 1 : 4) {
            if image.channels == 4 {
                tsr_blur_widen(memory.source + y * image.rowBytes, scratch + start + 4 * reach, width * 4)
            } else {
                for j in 0..<4 {
                    let row = y + j
                    for x in 0..<width {
                        interleaved[4 * x + j] = row < image.height ? memory.source[row * image.rowBytes + x] : 0
                    }
                }
                tsr_blur_widen(interleaved, scratch + start + 4 * reach, width * 4)
            }
            var line = UnsafePointer(scratch + start)
            if case .sampled(let weights) = horizontal.filter {
                let output = scratch + lineLanes + start
                weights.withUnsafeBufferPointer {
                    tsr_blur_convolve(line, 4, output, 4, 4, grownWidth, $0.baseAddress!, weights.count / 2)
                }
                line = UnsafePointer(output)
            }
            if image.channels == 4 {
                plane.store(row: y, into: memory.plane) { line[$0] }
            } else {
                for j in 0..<4 where y + j < image.height {
                    plane.store(row: y + j, into: memory.plane) { line[4 * $0 + j] }
                }
            }
        }
    }

    /// Step 2 for the column strips in `strips`.
    private func blurColumns(_ strips: Range<Int>, _ memory: Memory, _ plane: Plane, destinationRowBytes: Int) {
        let rows = plane.rows, stripLanes = Plane.stripLanes
        switch vertical.filter {
        case .boxes(let radius, let alpha):
            let scale = BlurPass.boxScale(radius: radius, alpha: alpha)
            let scratch = UnsafeMutableRawPointer.allocate(byteCount: tsr_blur_boxes_scratch_size(radius), alignment: 32)
            defer { scratch.deallocate() }
            for strip in strips {
                tsr_blur_boxes_columns(
                    memory.level, memory.plane + plane.offset(row: 0, strip: strip), plane.blockStride, rows,
                    plane.lanes(inStrip: strip), radius, alpha, scale,
                    memory.destination + strip * stripLanes, destinationRowBytes, scratch)
            }
        case .sampled(let weights):
            // The strip with zeros above and below (written once: the copies only fill the rows
            // between them), and the convolved strip.
            let margin = vertical.margin, reach = vertical.reach, grownHeight = rows + 2 * reach
            let stripValues = (grownHeight + 2 * margin) * stripLanes
            let scratch = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * stripValues)
            defer { scratch.deallocate() }
            scratch.initialize(repeating: 0, count: 2 * stripValues)
            let input = scratch + margin * stripLanes, output = scratch + stripValues + margin * stripLanes
            for strip in strips {
                for row in 0..<rows {
                    (input + (reach + row) * stripLanes).update(
                        from: memory.plane + plane.offset(row: row, strip: strip),
                        count: stripLanes)
                }
                weights.withUnsafeBufferPointer {
                    tsr_blur_convolve(
                        input, stripLanes, output, stripLanes, plane.lanes(inStrip: strip), grownHeight,
                        $0.baseAddress!, weights.count / 2)
                }
                for row in 0..<grownHeight {
                    tsr_blur_narrow(
                        output + row * stripLanes,
                        memory.destination + row * destinationRowBytes + strip * stripLanes,
                        plane.lanes(inStrip: strip))
                }
            }
        case .none:
            for strip in strips {
                for row in 0..<rows {
                    tsr_blur_narrow(
                        memory.plane + plane.offset(row: row, strip: strip),
                        memory.destination + row * destinationRowBytes + strip * stripLanes,
                        plane.lanes(inStrip: strip))
                }
            }
        }
    }

    /// The buffers the workers share, and the instructions the box sweeps run on
    /// (tsr_kernel_level). `@unchecked Sendable` because it carries pointers: each worker reads
    /// the source and writes only its own blocks of the plane (step 1), or reads the plane and
    /// writes only its own columns of the destination (step 2); step 2 starts after step 1 has ended.
    private struct Memory: @unchecked Sendable {
        let source: UnsafePointer<UInt8>
        let plane: UnsafeMutablePointer<Int16>
        let destination: UnsafeMutablePointer<UInt8>
        let level: Int32
    }
}

/// The 8-bit target of ``Canvas/renderAlphaMask(width:height:)``: one alpha byte per pixel, in
/// memory kept between calls (it grows only for a larger target) and all zero between them.
final class AlphaTarget {
    private var memory: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    /// The width of the target last handed out (its rows are that many bytes apart).
    private var width = 0

    deinit { free(memory) }

    /// A transparent target `width × height` pixels.
    ///
    /// - Throws: ``RasterError`` for a size a ``Pixmap`` refuses, or memory that cannot be had.
    func target(width: Int, height: Int) throws(RasterError) -> RenderTarget {
        guard width >= 0, height >= 0, width <= Pixmap.maximumDimension, height <= Pixmap.maximumDimension else {
            throw .invalidSize(width: width, height: height)
        }
        guard width * height <= Pixmap.maximumPixelCount else { throw .tooLarge(width: width, height: height) }
        let count = width * height
        if memory == nil || count > capacity {
            free(memory)
            memory = nil
            capacity = 0
            guard let fresh = calloc(max(count, 1), 1) else { throw .outOfMemory(bytes: count) }
            memory = fresh.bindMemory(to: UInt8.self, capacity: max(count, 1))
            capacity = max(count, 1)
        }
        self.width = width
        return RenderTarget(alpha: memory!, width: width, height: height)
    }

    /// The values of the last target in columns [left, right) and rows [top, bottom), as a mask
    /// placed there; those bytes are zero again afterwards (nothing is drawn outside them).
    func takeMask(left: Int, top: Int, right: Int, bottom: Int) -> AlphaMask {
        let columns = right - left, rows = bottom - top
        let memory = memory!, stride = width
        let values = [UInt8](unsafeUninitializedCapacity: columns * rows) { values, initialized in
            for r in 0..<rows {
                let row = memory + (top + r) * stride + left
                (values.baseAddress! + r * columns).update(from: row, count: columns)
                row.update(repeating: 0, count: columns)
            }
            initialized = columns * rows
        }
        return AlphaMask(x: left, y: top, width: columns, height: rows, values: values)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

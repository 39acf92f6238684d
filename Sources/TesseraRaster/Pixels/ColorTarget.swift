/// The RGBA target of ``Canvas/renderPixmap(width:height:)``: memory kept between calls (it
/// grows only for a larger target) and all transparent between them, so that a call clears
/// nothing but what it drew. Targets of different sizes share it, each the top-left part of the
/// memory with the memory's row stride: a walk that draws blurred layers asks for as many sizes
/// as their blurs have reaches, and a new 8 MB allocation for each cost milliseconds.
final class ColorTarget {
    private var memory: UnsafeMutableRawPointer?
    /// The size the memory holds, in pixels.
    private var capacityWidth = 0, capacityHeight = 0
    private var last: Pixmap?

    deinit { free(memory) }

    /// A transparent target `width × height` pixels.
    ///
    /// - Throws: ``RasterError`` for a size a ``Pixmap`` refuses, or memory that cannot be had.
    func target(width: Int, height: Int) throws(RasterError) -> Pixmap {
        guard width >= 0, height >= 0, width <= Pixmap.maximumDimension, height <= Pixmap.maximumDimension else {
            throw .invalidSize(width: width, height: height)
        }
        if memory == nil || width > capacityWidth || height > capacityHeight {
            let newWidth = max(width, capacityWidth), newHeight = max(height, capacityHeight)
            guard newWidth * newHeight <= Pixmap.maximumPixelCount else { throw .tooLarge(width: newWidth, height: newHeight) }
            free(memory)
            memory = nil
            capacityWidth = 0
            capacityHeight = 0
            guard let fresh = calloc(max(newWidth * newHeight * 4, 4), 1) else { throw .outOfMemory(bytes: newWidth * newHeight * 4) }
            memory = fresh
            capacityWidth = newWidth
            capacityHeight = newHeight
        }
        let pixmap = try Pixmap(wrapping: memory!, width: width, height: height, bytesPerRow: max(capacityWidth, 1) * 4)
        last = pixmap
        return pixmap
    }

    /// The pixels of the last target in columns [left, right) and rows [top, bottom), as a new
    /// pixmap; they are transparent again afterwards (nothing is drawn outside them).
    func take(left: Int, top: Int, right: Int, bottom: Int) throws(RasterError) -> Pixmap {
        let source = last!
        let taken = try Pixmap(copying: source, x: left, y: top, width: right - left, height: bottom - top)
        for y in top..<bottom { (source.row(y) + left).update(repeating: 0, count: right - left) }
        return taken
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

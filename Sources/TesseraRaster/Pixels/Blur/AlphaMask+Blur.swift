extension AlphaMask {
    /// The mask blurred by a separable Gaussian of standard deviation `horizontally.sigma` along
    /// its rows and `vertically.sigma` along its columns, with zeros outside the mask. The result
    /// grows on both sides by the blur's reach or the kernel's ``GaussianKernel/radius``, whichever
    /// is larger (the reach passes the radius by at most one pixel), so that nothing is cut off:
    /// it starts at (x − that growth along x, y − that growth along y).
    ///
    /// The blur is ``GaussianBlur``'s: the kernels' own weights below σ = 2, three extended box
    /// filters from σ = 2 on, so the cost per value does not grow with σ. Integer arithmetic in a
    /// fixed order: the same mask always gives the same bytes, whatever `threadCount` (the most
    /// threads it runs on).
    public func blurred(horizontally horizontal: GaussianKernel, vertically vertical: GaussianKernel,
                        threadCount: Int = 1) -> AlphaMask {
        let blur = SeparableBlur(horizontal: BlurAxis(sigma: horizontal.sigma), vertical: BlurAxis(sigma: vertical.sigma))
        let rx = max(horizontal.radius, blur.horizontal.reach), ry = max(vertical.radius, blur.vertical.reach)
        var result = AlphaMask(x: x - rx, y: y - ry, width: width + 2 * rx, height: height + 2 * ry)
        guard width > 0, height > 0 else { return result }
        // The blurred mask, grown by the reaches, in the middle of the result.
        let dx = rx - blur.horizontal.reach, dy = ry - blur.vertical.reach
        let stride = result.width
        values.withUnsafeBufferPointer { source in
            result.values.withUnsafeMutableBufferPointer { destination in
                blur.run(source: source.baseAddress!, sourceRowBytes: width, width: width, height: height, channels: 1,
                         destination: destination.baseAddress! + dy * stride + dx, destinationRowBytes: stride,
                         threadCount: threadCount)
            }
        }
        return result
    }
}

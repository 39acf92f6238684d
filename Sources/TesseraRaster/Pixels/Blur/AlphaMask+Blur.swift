extension AlphaMask {
    /// The mask blurred by `blur` (``GaussianBlur``: a cost per value that does not grow with σ),
    /// with zeros outside the mask. The result grows by ``GaussianBlur/reachX`` and
    /// ``GaussianBlur/reachY`` on both sides so that nothing is cut off: it starts at
    /// (x − reachX, y − reachY). Its bytes are the alpha bytes that ``Pixmap/blurred(by:threadCount:)``
    /// gives for an image of these alphas, whatever `threadCount` (the most threads it runs on).
    ///
    /// ``blurred(horizontally:vertically:)`` convolves with the sampled kernel instead: exact, but
    /// its cost grows with σ.
    public func blurred(by blur: GaussianBlur, threadCount: Int = 1) -> AlphaMask {
        let rx = blur.reachX, ry = blur.reachY
        var result = AlphaMask(x: x - rx, y: y - ry, width: width + 2 * rx, height: height + 2 * ry)
        guard width > 0, height > 0 else { return result }
        let stride = result.width
        values.withUnsafeBufferPointer { source in
            result.values.withUnsafeMutableBufferPointer { destination in
                blur.engine.run(
                    source: source.baseAddress!, sourceRowBytes: width, width: width, height: height,
                    channels: 1, destination: destination.baseAddress!, destinationRowBytes: stride,
                    threadCount: threadCount)
            }
        }
        return result
    }
}

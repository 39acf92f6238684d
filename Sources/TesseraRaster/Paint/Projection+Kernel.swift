import CTesseraSIMD

extension Projection {
    /// The projection as the projective paint kernels take it (`tsr_homography`): u from the
    /// first row (a, c, tx), v from the second (b, d, ty), over w.
    var kernelMap: tsr_homography {
        tsr_homography(ux: a, uy: c, u0: tx, vx: b, vy: d, v0: ty, wx: wx, wy: wy, w0: w0)
    }
}

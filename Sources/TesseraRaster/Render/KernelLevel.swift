import CTesseraSIMD

/// The instruction sets the pixel kernels chose on this machine, once, from the CPU's features
/// (`TESSERA_SIMD=sse2` in the environment forces the baseline; the bytes are the same at every
/// level).
public enum KernelLevel {
    /// The levels in words: `sse2`, `avx2`, or `avx2, blur avx512` where the blur has a wider level
    /// than the other kernels; `baseline` on other architectures than x86-64.
    public static var description: String {
        let kernels = name(tsr_kernel_level()), blur = name(tsr_blur_boxes_level())
        return kernels == blur ? kernels : "\(kernels), blur \(blur)"
    }

    private static func name(_ level: Int32) -> String {
        #if arch(x86_64)
        switch level {
        case 3: "avx512"
        case 2: "avx2"
        default: "sse2"
        }
        #else
        "baseline"
        #endif
    }
}

import CTesseraSIMD

/// The instruction set the pixel kernels chose on this machine, once, from the CPU's features
/// (`TESSERA_SIMD=sse2` in the environment forces the baseline, `TESSERA_SIMD=avx2` stops at AVX2;
/// the bytes are the same at every level).
public enum KernelLevel {
    /// The level in words: `sse2`, `avx2` or `avx512`; `baseline` on other architectures than
    /// x86-64.
    public static var description: String { name(tsr_kernel_level()) }

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

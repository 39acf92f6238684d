// Included by the files whose float arithmetic must be exactly what they write, one rounding per
// operation (the scalar references, which the SIMD kernels match bit for bit): no contraction of
// a·b + c into a fused multiply-add, which rounds once instead of twice. Each compiler spells it
// its own way; the pragmas hold for the rest of the including file. No include guard: each file
// that includes it wants its effect.
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

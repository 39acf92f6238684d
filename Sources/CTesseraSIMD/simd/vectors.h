// The vector types the kernels are written in (GCC and Clang vector extensions), and the lane
// operations that C's operators do not spell. A kernel is written once over these types in
// always-inline functions and compiled once per level (simd/targets.h): the compiler maps each
// operation to the level's instructions (SSE2 or NEON: a 256-bit vector is two registers; AVX2:
// one), so every level does the same operations on the same lanes and gives the same bytes.
//
// Pixels are 32-bit lanes. Their channels go in 16-bit lanes as two interleaved pairs, red and blue
// (p & 0x00FF00FF), green and alpha ((p >> 8) & 0x00FF00FF): a pixel's channels then stay in its own
// 32-bit lane, so that a factor per pixel is a 32-bit lane too (f | f << 16) and no shuffle
// spreads or gathers them.
#ifndef TSR_VECTORS_H
#define TSR_VECTORS_H
#include <stdint.h>
#include <string.h>

// Every function taking or returning vectors is inlined into the level's entry points, so no
// vector crosses a call: the note that such calls would change the ABI without AVX does not apply.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

#define TSR_INLINE static inline __attribute__((always_inline))

typedef uint8_t u8x4 __attribute__((vector_size(4)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef uint8_t u8x32 __attribute__((vector_size(32)));
typedef int8_t i8x32 __attribute__((vector_size(32)));
typedef int16_t i16x8 __attribute__((vector_size(16)));
typedef int16_t i16x16 __attribute__((vector_size(32)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));
typedef int32_t i32x8 __attribute__((vector_size(32)));
typedef uint32_t u32x8 __attribute__((vector_size(32)));
typedef float f32x4 __attribute__((vector_size(16)));
typedef float f32x8 __attribute__((vector_size(32)));
typedef float f32x16 __attribute__((vector_size(64)));
typedef uint32_t u32x16 __attribute__((vector_size(64)));
typedef int32_t i32x16 __attribute__((vector_size(64)));
typedef uint8_t u8x64 __attribute__((vector_size(64)));
typedef uint16_t u16x32 __attribute__((vector_size(64)));
typedef uint32_t u32x32 __attribute__((vector_size(128)));
typedef int32_t i32x4 __attribute__((vector_size(16)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));
typedef uint64_t u64x2 __attribute__((vector_size(16)));
typedef int64_t i64x4 __attribute__((vector_size(32)));
typedef uint64_t u64x4 __attribute__((vector_size(32)));
typedef double f64x4 __attribute__((vector_size(32)));
typedef double f64x8 __attribute__((vector_size(64)));

// Unaligned loads and stores.
#define TSR_LOAD(type, pointer) ({ type tsr_v_; memcpy(&tsr_v_, (pointer), sizeof tsr_v_); tsr_v_; })
#define TSR_STORE(pointer, value) ({ __typeof__(value) tsr_v_ = (value); memcpy((pointer), &tsr_v_, sizeof tsr_v_); })

// A float in every lane. (Adding it to a zero vector would turn −0.0 into +0.0.)
TSR_INLINE f32x8 f32x8_splat(float v) {
    uint32_t bits;
    memcpy(&bits, &v, 4);
    return (f32x8)((u32x8){0} + bits);
}

TSR_INLINE f64x4 f64x4_splat(double v) {
    uint64_t bits;
    memcpy(&bits, &v, 8);
    return (f64x4)((u64x4){0} + bits);
}

// 0, 1, … 7.
TSR_INLINE i32x8 i32x8_lanes(void) { return (i32x8){0, 1, 2, 3, 4, 5, 6, 7}; }

// Lanes of `mask` (all ones or all zeros) pick a, the others b.
TSR_INLINE u32x8 u32x8_select(i32x8 mask, u32x8 a, u32x8 b) { return ((u32x8)mask & a) | (~(u32x8)mask & b); }
TSR_INLINE f32x8 f32x8_select(i32x8 mask, f32x8 a, f32x8 b) {
    return (f32x8)(((u32x8)mask & (u32x8)a) | (~(u32x8)mask & (u32x8)b));
}

TSR_INLINE f64x4 f64x4_select(i64x4 mask, f64x4 a, f64x4 b) {
    return (f64x4)(((u64x4)mask & (u64x4)a) | (~(u64x4)mask & (u64x4)b));
}

// Every bit zero.
TSR_INLINE int u32x8_none(u32x8 v) { return __builtin_reduce_or(v) == 0; }
TSR_INLINE int u8x16_none(u8x16 v) { return __builtin_reduce_or(v) == 0; }
// (By its two 64-bit halves: as a reduction the compiler sometimes spells it out lane by lane.)
TSR_INLINE int u8x16_all_ones(u8x16 v) {
    const u64x2 w = (u64x2)v;
    return (w[0] & w[1]) == ~(uint64_t)0;
}

// SSE's MINPS and MAXPS: the second operand where either is NaN.
TSR_INLINE f32x8 f32x8_min(f32x8 a, f32x8 b) { return f32x8_select(a < b, a, b); }
TSR_INLINE f32x8 f32x8_max(f32x8 a, f32x8 b) { return f32x8_select(a > b, a, b); }
TSR_INLINE f32x8 f32x8_abs(f32x8 v) { return (f32x8)((u32x8)v & 0x7FFFFFFFu); }
TSR_INLINE f64x4 f64x4_min(f64x4 a, f64x4 b) { return f64x4_select(a < b, a, b); }
TSR_INLINE f64x4 f64x4_max(f64x4 a, f64x4 b) { return f64x4_select(a > b, a, b); }
TSR_INLINE f64x4 f64x4_abs(f64x4 v) { return (f64x4)((u64x4)v & 0x7FFFFFFFFFFFFFFFull); }

// CVTTPS2DQ: truncated towards zero (the lanes the kernels convert are within int32).
TSR_INLINE i32x8 f32x8_truncate(f32x8 v) { return __builtin_convertvector(v, i32x8); }

// The lanes clamped to [0, 255] and narrowed to bytes. On x86-64 by PACKSSDW then PACKUSWB (SSE2,
// so at every level): written as a clamp, the compiler keeps a min and a max before the packs
// wherever a lane of the result is also read (a row's run of coverage).
TSR_INLINE u8x8 i32x8_bytes(i32x8 v) {
#if defined(__x86_64__) || defined(_M_X64)
    const i32x4 low = __builtin_shufflevector(v, v, 0, 1, 2, 3), high = __builtin_shufflevector(v, v, 4, 5, 6, 7);
    const i16x8 words = __builtin_ia32_packssdw128(low, high);
    const u8x16 bytes = (u8x16)__builtin_ia32_packuswb128(words, words);
    return __builtin_shufflevector(bytes, bytes, 0, 1, 2, 3, 4, 5, 6, 7);
#else
    return __builtin_convertvector(__builtin_elementwise_min(__builtin_elementwise_max(v, (i32x8){0}), (i32x8){0} + 255),
                                   u8x8);
#endif
}

// MARK: 16-bit channel pairs

// The high half of the 32-bit products of 16-bit lanes (PMULHUW).
TSR_INLINE u16x16 pairs_mulhi(u16x16 a, u16x16 b) {
    const u32x16 wide = __builtin_convertvector(a, u32x16) * __builtin_convertvector(b, u32x16);
    return __builtin_convertvector(wide >> 16, u16x16);
}

// round(v / 255) for v ≤ 255², exactly: ((v + 128) · 257) >> 16, the high half of a 16-bit product.
TSR_INLINE u16x16 pairs_div255(u16x16 v) { return pairs_mulhi(v + 128, (u16x16){0} + 257); }

// div255(a · b) per 16-bit lane (a, b ≤ 255).
TSR_INLINE u16x16 pairs_mul(u16x16 a, u16x16 b) { return pairs_div255(a * b); }

// The channel pairs of eight pixels: red and blue, green and alpha.
TSR_INLINE u16x16 pairs_rb(u32x8 p) { return (u16x16)(p & 0x00FF00FFu); }
TSR_INLINE u16x16 pairs_ga(u32x8 p) { return (u16x16)((p >> 8) & 0x00FF00FFu); }

// Pixels from their channel pairs (each lane ≤ 255).
TSR_INLINE u32x8 pairs_pixels(u16x16 rb, u16x16 ga) { return (u32x8)rb | ((u32x8)ga << 8); }

// A factor per pixel (32-bit lanes, ≤ 255) in both 16-bit lanes of its pixel.
TSR_INLINE u16x16 pairs_factor(u32x8 f) { return (u16x16)(f | (f << 16)); }

// The alpha of green-alpha pairs in both lanes of its pixel (one 16-bit shuffle: PSHUFLW and
// PSHUFHW, where a shift and an or of the 32-bit lanes take three instructions).
TSR_INLINE u16x16 pairs_alpha(u16x16 ga) {
    return __builtin_shufflevector(ga, ga, 1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13, 15, 15);
}

// Each lane at most 255: PACKUSWB's saturation of lanes in [0, 510].
TSR_INLINE u16x16 pairs_saturate(u16x16 v) { return __builtin_elementwise_min(v, (u16x16){0} + 255); }

// MARK: Sixteen pixels' channel pairs

// The pairs above on sixteen pixels (u32x16): one instruction per operation at the AVX-512 level,
// two at AVX2, where they are the same instructions as two groups of eight.

// div255(a · b) per 16-bit lane (a, b ≤ 255): PMULLW, then PMULHUW by 257 of the product plus 128.
TSR_INLINE u16x32 pairs32_mul(u16x32 a, u16x32 b) {
    const u32x32 wide = __builtin_convertvector(a * b + 128, u32x32) * 257;
    return __builtin_convertvector(wide >> 16, u16x32);
}

TSR_INLINE u16x32 pairs32_rb(u32x16 p) { return (u16x32)(p & 0x00FF00FFu); }
// Green and alpha: a 16-bit shift leaves each lane's high byte in its low byte.
TSR_INLINE u16x32 pairs32_ga(u32x16 p) { return (u16x32)p >> 8; }

// Pixels from their channel pairs (each lane ≤ 255).
TSR_INLINE u32x16 pairs32_pixels(u16x32 rb, u16x32 ga) { return (u32x16)rb | (u32x16)(ga << 8); }

// The alpha of green-alpha pairs in both lanes of its pixel.
TSR_INLINE u16x32 pairs32_alpha(u16x32 ga) {
    return __builtin_shufflevector(ga, ga, 1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13, 15, 15, 17, 17, 19, 19, 21, 21,
                                   23, 23, 25, 25, 27, 27, 29, 29, 31, 31);
}

#endif

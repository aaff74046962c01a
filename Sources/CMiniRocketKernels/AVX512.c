// The AVX-512 variant (x86-64): sixteen lanes, and comparisons into mask registers. Chosen at run time only where
// the CPU has AVX-512 F and BW.
#include "Variants.h"

#if GL_MINIROCKET_WIDE
#include "CMiniRocketKernels.h"
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#pragma clang attribute push(__attribute__((target("avx512f,avx512bw"))), apply_to = function)
#define GL_LANES 16
#define GL_VARIANT(name) gl_avx512_##name
#define GL_GROUP 8

// Comparisons into mask registers, each counted by one masked subtraction of −1 (the generic loop would widen the
// mask to a vector first); the tail by masked loads and comparisons instead of a padded copy. AVX-512 has 32
// registers: room for eight broadcasts and counts.
static inline __attribute__((always_inline)) void gl_avx512_count_group(const float *p, const float *g, int fused,
                                                                        ptrdiff_t count, const float *biases, int R,
                                                                        float *features) {
    const __m512i minus_one = _mm512_set1_epi32(-1);
    __m512 b[GL_GROUP];
    __m512i n[GL_GROUP];
    for (int r = 0; r < R; r++) {
        b[r] = _mm512_set1_ps(biases[r]);
        n[r] = _mm512_setzero_si512();
    }
    const ptrdiff_t full = count / 16;
    for (ptrdiff_t i = 0; i < full; i++) {
        __m512 x = _mm512_loadu_ps(p + 16 * i);
        if (fused) x = _mm512_add_ps(x, _mm512_loadu_ps(g + 16 * i));
        for (int r = 0; r < R; r++) n[r] = _mm512_mask_sub_epi32(n[r], _mm512_cmp_ps_mask(x, b[r], _CMP_GT_OQ), n[r], minus_one);
    }
    const ptrdiff_t rest = count - 16 * full;
    if (rest > 0) {
        const __mmask16 tail = (__mmask16)((1u << rest) - 1);
        __m512 x = _mm512_maskz_loadu_ps(tail, p + 16 * full);
        if (fused) x = _mm512_add_ps(x, _mm512_maskz_loadu_ps(tail, g + 16 * full));
        for (int r = 0; r < R; r++)
            n[r] = _mm512_mask_sub_epi32(n[r], _mm512_mask_cmp_ps_mask(tail, x, b[r], _CMP_GT_OQ), n[r], minus_one);
    }
    for (int r = 0; r < R; r++) features[r] = (float)_mm512_reduce_add_epi32(n[r]) / (float)count;
}

#include "Kernels.inc"
#pragma clang attribute pop
#endif

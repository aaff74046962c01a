// The AVX-512 variant (x86-64): sixteen lanes, comparisons into mask registers, and the Gram panels two rows at once. Chosen at run time only where
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

#define GL_GRAM_DEFINED
#include "Kernels.inc"

/// The generic loop for two rows j, j + 1 at once: their lane sums are adjacent (one 8-lane vector), and each
/// 8-lane product pairs row j's and row j + 1's four columns with the block row's four, twice. Every lane still
/// adds its own products in column order, as the 4-lane loop does.
void gl_avx512_gram_accumulate(const double *x, ptrdiff_t rows, ptrdiff_t columns, ptrdiff_t block, ptrdiff_t from,
                               ptrdiff_t to, double *lanes) {
    const ptrdiff_t first = 4 * block, count = rows - first < 4 ? rows - first : 4, stride = first + 4;
    const double *r0 = x + first * columns, *r1 = x + (first + (count > 1 ? 1 : count - 1)) * columns;
    const double *r2 = x + (first + (count > 2 ? 2 : count - 1)) * columns, *r3 = x + (first + (count - 1)) * columns;
    const ptrdiff_t end = first + count;
    ptrdiff_t j = 0;
    for (; j + 2 <= end; j += 2) {
        const double *rj = x + j * columns, *rk = rj + columns;
        double *l0 = lanes + 4 * j, *l1 = lanes + 4 * (stride + j), *l2 = lanes + 4 * (2 * stride + j), *l3 = lanes + 4 * (3 * stride + j);
        __m512d a0 = _mm512_loadu_pd(l0), a1 = _mm512_loadu_pd(l1), a2 = _mm512_loadu_pd(l2), a3 = _mm512_loadu_pd(l3);
        for (ptrdiff_t t = from; t < to; t += 4) {
            const __m512d v = _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_loadu_pd(rj + t)), _mm256_loadu_pd(rk + t), 1);
            a0 = _mm512_add_pd(a0, _mm512_mul_pd(_mm512_broadcast_f64x4(_mm256_loadu_pd(r0 + t)), v));
            a1 = _mm512_add_pd(a1, _mm512_mul_pd(_mm512_broadcast_f64x4(_mm256_loadu_pd(r1 + t)), v));
            a2 = _mm512_add_pd(a2, _mm512_mul_pd(_mm512_broadcast_f64x4(_mm256_loadu_pd(r2 + t)), v));
            a3 = _mm512_add_pd(a3, _mm512_mul_pd(_mm512_broadcast_f64x4(_mm256_loadu_pd(r3 + t)), v));
        }
        _mm512_storeu_pd(l0, a0);
        _mm512_storeu_pd(l1, a1);
        _mm512_storeu_pd(l2, a2);
        _mm512_storeu_pd(l3, a3);
    }
    for (; j < end; j++) {
        const double *rj = x + j * columns;
        double *l0 = lanes + 4 * j, *l1 = lanes + 4 * (stride + j), *l2 = lanes + 4 * (2 * stride + j), *l3 = lanes + 4 * (3 * stride + j);
        __m256d a0 = _mm256_loadu_pd(l0), a1 = _mm256_loadu_pd(l1), a2 = _mm256_loadu_pd(l2), a3 = _mm256_loadu_pd(l3);
        for (ptrdiff_t t = from; t < to; t += 4) {
            const __m256d v = _mm256_loadu_pd(rj + t);
            a0 = _mm256_add_pd(a0, _mm256_mul_pd(_mm256_loadu_pd(r0 + t), v));
            a1 = _mm256_add_pd(a1, _mm256_mul_pd(_mm256_loadu_pd(r1 + t), v));
            a2 = _mm256_add_pd(a2, _mm256_mul_pd(_mm256_loadu_pd(r2 + t), v));
            a3 = _mm256_add_pd(a3, _mm256_mul_pd(_mm256_loadu_pd(r3 + t), v));
        }
        _mm256_storeu_pd(l0, a0);
        _mm256_storeu_pd(l1, a1);
        _mm256_storeu_pd(l2, a2);
        _mm256_storeu_pd(l3, a3);
    }
}
#pragma clang attribute pop
#endif

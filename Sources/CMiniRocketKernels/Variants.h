// The functions each variant's file defines (from Kernels.inc), for the dispatch in Dispatch.c.
#ifndef GL_MINIROCKET_VARIANTS_H
#define GL_MINIROCKET_VARIANTS_H

#include <stddef.h>
#include <stdint.h>

// No multiply-add fusing anywhere (the kernels add only, but a fused operation would round once where the portable
// loop rounds twice): the variants must agree bit for bit.
#pragma clang fp contract(off)

// The wide variants exist on x86-64 unless the build asks for the portable one only.
#if defined(__x86_64__) && !defined(GESTURELAB_PORTABLE_ONLY)
#define GL_MINIROCKET_WIDE 1
#else
#define GL_MINIROCKET_WIDE 0
#endif

#define GL_DECLARE_VARIANT(prefix)                                                                                     \
    void prefix##_dilate(const float *negated, const float *tripled, ptrdiff_t channels, ptrdiff_t length,           \
                         ptrdiff_t dilation, float *alpha, float *gamma);                                             \
    void prefix##_sum_pair(const float *alpha, const float *gamma, ptrdiff_t channels, ptrdiff_t length,             \
                           ptrdiff_t first, ptrdiff_t second, float *pairs);                                          \
    void prefix##_combine(const float *pairs, const float *gamma, ptrdiff_t channels, ptrdiff_t length,              \
                          ptrdiff_t third, const ptrdiff_t *channel_indices, ptrdiff_t combined, ptrdiff_t start,     \
                          ptrdiff_t count, float *output);                                                            \
    void prefix##_pool(const float *pairs, const float *gamma, ptrdiff_t channels, ptrdiff_t length,               \
                       ptrdiff_t third, const ptrdiff_t *channel_indices, ptrdiff_t combined, ptrdiff_t start,        \
                       ptrdiff_t count, const float *biases, ptrdiff_t bias_count, float *scratch, float *features);  \
    void prefix##_dilate_edges(const float *negated, const float *tripled, ptrdiff_t channels, ptrdiff_t span,     \
                               ptrdiff_t dilation, ptrdiff_t window_length, ptrdiff_t hop, ptrdiff_t first,           \
                               ptrdiff_t count, float *alpha, float *gamma);                                          \
    void prefix##_count_runs(const float *values, ptrdiff_t runs, ptrdiff_t run_length, const float *biases,       \
                             ptrdiff_t bias_count, int32_t *counts);                                                  \
    void prefix##_prefix_counts(const float *values, ptrdiff_t count, const float *biases, ptrdiff_t bias_count,     \
                                int32_t *prefix);                                                                     \
    void prefix##_gram_accumulate(const double *x, ptrdiff_t rows, ptrdiff_t columns, ptrdiff_t block,                \
                                  ptrdiff_t from, ptrdiff_t to, double *lanes);

GL_DECLARE_VARIANT(gl_portable)
#if GL_MINIROCKET_WIDE
GL_DECLARE_VARIANT(gl_avx2)
GL_DECLARE_VARIANT(gl_avx512)
#endif

#endif

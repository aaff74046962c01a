// The public entry points: each runs the variant asked for, or the portable one when that is not in this build.
#include "CMiniRocketKernels.h"
#include "Variants.h"

int gl_minirocket_variant_available(int variant) {
    switch (variant) {
    case GL_MINIROCKET_PORTABLE:
        return 1;
#if GL_MINIROCKET_WIDE
    // __builtin_cpu_supports also checks that the operating system saves the wide registers.
    case GL_MINIROCKET_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") != 0;
    case GL_MINIROCKET_AVX512:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#endif
    default:
        return 0;
    }
}

int gl_minirocket_best_variant(void) {
    for (int v = GL_MINIROCKET_VARIANT_COUNT - 1; v > GL_MINIROCKET_PORTABLE; v--)
        if (gl_minirocket_variant_available(v)) return v;
    return GL_MINIROCKET_PORTABLE;
}

#if GL_MINIROCKET_WIDE
#define GL_DISPATCH(function, ...)                                                                                     \
    switch (variant) {                                                                                                 \
    case GL_MINIROCKET_AVX512: gl_avx512_##function(__VA_ARGS__); return;                                             \
    case GL_MINIROCKET_AVX2: gl_avx2_##function(__VA_ARGS__); return;                                                 \
    default: gl_portable_##function(__VA_ARGS__); return;                                                             \
    }
#else
#define GL_DISPATCH(function, ...) (void)variant; gl_portable_##function(__VA_ARGS__);
#endif

void gl_minirocket_dilate(int variant, const float *negated, const float *tripled, ptrdiff_t channels,
                          ptrdiff_t length, ptrdiff_t dilation, float *alpha, float *gamma) {
    GL_DISPATCH(dilate, negated, tripled, channels, length, dilation, alpha, gamma)
}

void gl_minirocket_sum_pair(int variant, const float *alpha, const float *gamma, ptrdiff_t channels,
                            ptrdiff_t length, ptrdiff_t first, ptrdiff_t second, float *pairs) {
    GL_DISPATCH(sum_pair, alpha, gamma, channels, length, first, second, pairs)
}

void gl_minirocket_combine(int variant, const float *pairs, const float *gamma, ptrdiff_t channels, ptrdiff_t length,
                           ptrdiff_t third, const ptrdiff_t *channel_indices, ptrdiff_t combined, ptrdiff_t start,
                           ptrdiff_t count, float *output) {
    GL_DISPATCH(combine, pairs, gamma, channels, length, third, channel_indices, combined, start, count, output)
}

void gl_minirocket_pool(int variant, const float *pairs, const float *gamma, ptrdiff_t channels, ptrdiff_t length,
                        ptrdiff_t third, const ptrdiff_t *channel_indices, ptrdiff_t combined, ptrdiff_t start,
                        ptrdiff_t count, const float *biases, ptrdiff_t bias_count, float *scratch, float *features) {
    GL_DISPATCH(pool, pairs, gamma, channels, length, third, channel_indices, combined, start, count, biases, bias_count,
                scratch, features)
}

void gl_minirocket_dilate_edges(int variant, const float *negated, const float *tripled, ptrdiff_t channels,
                                ptrdiff_t span, ptrdiff_t dilation, ptrdiff_t window_length, ptrdiff_t hop,
                                ptrdiff_t first, ptrdiff_t count, float *alpha, float *gamma) {
    GL_DISPATCH(dilate_edges, negated, tripled, channels, span, dilation, window_length, hop, first, count, alpha, gamma)
}

void gl_minirocket_count_runs(int variant, const float *values, ptrdiff_t runs, ptrdiff_t run_length,
                              const float *biases, ptrdiff_t bias_count, int32_t *counts) {
    GL_DISPATCH(count_runs, values, runs, run_length, biases, bias_count, counts)
}

void gl_minirocket_prefix_counts(int variant, const float *values, ptrdiff_t count, const float *biases,
                                 ptrdiff_t bias_count, int32_t *prefix) {
    GL_DISPATCH(prefix_counts, values, count, biases, bias_count, prefix)
}

void gl_gram_accumulate(int variant, const double *x, ptrdiff_t rows, ptrdiff_t columns, ptrdiff_t block, ptrdiff_t from,
                        ptrdiff_t to, double *lanes) {
    GL_DISPATCH(gram_accumulate, x, rows, columns, block, from, to, lanes)
}

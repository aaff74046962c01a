#ifndef CMINIROCKETKERNELS_H
#define CMINIROCKETKERNELS_H

/// The inner loops of GestureKit's MiniRocket transform (and of the ridge's Gram matrix over its features), in C so
/// that each can be compiled for several instruction sets in one binary and chosen at run time. Every variant
/// computes the same numbers, bit for bit: loops run across time positions (Gram: columns), each output keeps the
/// additions of the portable loop in their order, and no multiply-add is fused (contraction off; the transform has
/// no multiplication, the Gram panels round each product before adding it).
///
/// Layouts are those of `MiniRocket.Workspace`: a channel's series is `length` contiguous floats, channels one
/// after another (channel-major); the nine shifted terms are kernel position, then channel, then time.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The variants: portable (the build's baseline: SSE2 on x86-64, NEON on arm64), AVX2 and AVX-512 (x86-64 only).
enum {
    GL_MINIROCKET_PORTABLE = 0,
    GL_MINIROCKET_AVX2 = 1,
    GL_MINIROCKET_AVX512 = 2,
    GL_MINIROCKET_VARIANT_COUNT = 3
};

/// 1 if `variant` was compiled into this build and the CPU and operating system run it, else 0.
int gl_minirocket_variant_available(int variant);

/// The widest available variant, found once (`__builtin_cpu_supports`) and then remembered.
int gl_minirocket_best_variant(void);

/// Writes the sum of a dilation's nine −x terms into `alpha` (channels × length) and its nine shifted 3x terms into
/// `gamma` (9 × channels × length), zero outside the series: kernel position p reads sample t + (p − 4)·dilation.
/// `negated` and `tripled` are −x and 3x (channels × length). The nine terms are added in the reference's order:
/// the centre, then positions 0…3, then 5…8, each only where it lies inside the series. O(9 · channels · length).
void gl_minirocket_dilate(int variant, const float *negated, const float *tripled, ptrdiff_t channels,
                          ptrdiff_t length, ptrdiff_t dilation, float *alpha, float *gamma);

/// `pairs[ch·length + t] = (alpha + gamma[first]) + gamma[second]` at every channel and time: the part that the
/// kernels with 2s at positions `first` < `second` share. O(channels · length).
void gl_minirocket_sum_pair(int variant, const float *alpha, const float *gamma, ptrdiff_t channels,
                            ptrdiff_t length, ptrdiff_t first, ptrdiff_t second, float *pairs);

/// A kernel's output at times `start ..< start + count`, summed over `combined` channels (`channel_indices`, in
/// order: the first channel's output, then each next one added), each channel's output being
/// `pairs + gamma[third]`, into `output[0 ..< count]`. O(combined · count).
void gl_minirocket_combine(int variant, const float *pairs, const float *gamma, ptrdiff_t channels, ptrdiff_t length,
                           ptrdiff_t third, const ptrdiff_t *channel_indices, ptrdiff_t combined, ptrdiff_t start,
                           ptrdiff_t count, float *output);

/// PPV pooling of a kernel's output at times `start ..< start + count` (as ``gl_minirocket_combine`` forms it):
/// for each of `bias_count` biases, the share of those values strictly above it, `(float)above / (float)count`,
/// into `features`. A one-channel output is formed on the fly and never stored; several channels are summed into
/// `scratch` (`count` floats) first. O(combined · count + bias_count · count).
void gl_minirocket_pool(int variant, const float *pairs, const float *gamma, ptrdiff_t channels, ptrdiff_t length,
                        ptrdiff_t third, const ptrdiff_t *channel_indices, ptrdiff_t combined, ptrdiff_t start,
                        ptrdiff_t count, const float *biases, ptrdiff_t bias_count, float *scratch, float *features);

/// `gl_minirocket_dilate`'s terms at the ends of `count` windows of a block, side by side, for the batch transform
/// of a stream's windows: window `first + i` (`window_length` samples starting at sample `(first + i)·hop` of the
/// block's −x and 3x, `span` samples a channel) has its first 4·dilation positions, then its last 4·dilation, at
/// `8·dilation·i` of a series of `8·dilation·count` positions (`alpha` and `gamma` in that length's layout). Each
/// position's terms are those of the window dilated on its own, added in the same order, terms outside the window
/// skipped (gamma zero there). Needs window_length > 8·dilation. O(9 · channels · 8·dilation · count).
void gl_minirocket_dilate_edges(int variant, const float *negated, const float *tripled, ptrdiff_t channels,
                                ptrdiff_t span, ptrdiff_t dilation, ptrdiff_t window_length, ptrdiff_t hop,
                                ptrdiff_t first, ptrdiff_t count, float *alpha, float *gamma);

/// Integer counts for the batch transform of a stream's windows (GestureKit's `MiniRocket+Windows`): for each of
/// `runs` consecutive runs of `run_length` values (`values[i·run_length ..< (i + 1)·run_length]`), how many are strictly
/// above each of `bias_count` biases, into `counts[i·bias_count + r]`. The same comparisons as the pooling's.
/// O(runs · run_length · bias_count).
void gl_minirocket_count_runs(int variant, const float *values, ptrdiff_t runs, ptrdiff_t run_length,
                              const float *biases, ptrdiff_t bias_count, int32_t *counts);

/// Prefix counts of `count` values against each of `bias_count` biases: `prefix[r·(count + 1) + t]` is how many of
/// `values[0 ..< t]` are strictly above bias r, t = 0…count, so that any range's count is a difference of two.
/// O(count · bias_count).
void gl_minirocket_prefix_counts(int variant, const float *values, ptrdiff_t count, const float *biases,
                                 ptrdiff_t bias_count, int32_t *prefix);

/// The ridge's Gram matrix `x·xᵀ` over MiniRocket features (GestureEval's `RidgeClassifierCV.gram`), one panel of
/// one block: adds columns `from ..< to` (a multiple of four apart) of the products of the block's rows
/// `4·block … 4·block + 3` (a short last block repeating its last row) with rows `0 ..< min(4·block + 4, rows)` of the
/// row-major `rows × columns` matrix `x` to their lane sums. The four lane sums of block row r with row j are at
/// `lanes + 4·(r·(4·block + 4) + j)`; column t goes to lane t mod 4, each lane adding its products in column order,
/// every product rounded before it is added. O(16 · (block + 1) · (to − from)).
void gl_gram_accumulate(int variant, const double *x, ptrdiff_t rows, ptrdiff_t columns, ptrdiff_t block,
                        ptrdiff_t from, ptrdiff_t to, double *lanes);

#ifdef __cplusplus
}
#endif

#endif

// This machine's limits for the kernels' roofline (issue 57), one core, against which `roofline.py` sets
// GestureLab's measured rates:
//
// - clock: cycles per second, from a chain of dependent integer additions (one cycle each on every x86 core since
//   the Pentium Pro), because this virtual machine exposes no cycle counter to `perf`;
// - memcpy: bytes per second copying a buffer the size of the CSV file (warm, best of 20);
// - newline scan: bytes per second of `memchr` counting the lines of the file held in memory (what `wc -l` does,
//   without the read system calls);
// - DTW cell: the cost of one cell of the banded DTW recurrence (squared difference, minimum of three, addition) in
//   plain scalar C at -O3, and the floor its dependency chain sets: each cell waits for its left neighbour's
//   minimum and addition;
// - comparisons: the most 32-bit float comparisons counted per cycle (AVX2 `vcmpps` and an integer subtraction
//   of the mask, as MiniRocket's PPV pooling counts values above a bias), four independent accumulators.
//
// cc -O3 -mavx2 -mfma Benchmarks/peers/roofline.c -o Benchmarks/peers/build/roofline
// Benchmarks/peers/build/roofline FILE.csv    # prints one JSON object
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

// 4 × 10^8 dependent additions; the asm keeps the compiler from folding the chain.
static double cyclesPerSecond(void) {
    double best = 1e30;
    for (int r = 0; r < 5; r++) {
        uint64_t x = 0;
        double t0 = now();
        for (long i = 0; i < 100000000L; i++) {
            __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0" : "+r"(x));
        }
        double t = now() - t0;
        if (t < best) best = t;
        if (x != 400000000ULL) abort();
    }
    return 4e8 / best;
}

static double memcpyBytesPerSecond(size_t n) {
    char *a = malloc(n), *b = malloc(n);
    memset(a, 1, n);
    memset(b, 2, n);
    double best = 1e30;
    for (int r = 0; r < 20; r++) {
        double t0 = now();
        memcpy(b, a, n);
        double t = now() - t0;
        if (t < best) best = t;
        a[r] = b[n - 1 - r];
    }
    volatile char sink = b[n / 2];
    (void)sink;
    free(a);
    free(b);
    return (double)n / best;
}

static double newlineScanBytesPerSecond(const char *data, size_t n, long *lines) {
    double best = 1e30;
    for (int r = 0; r < 20; r++) {
        double t0 = now();
        long count = 0;
        const char *p = data, *end = data + n;
        while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
            count++;
            p++;
        }
        double t = now() - t0;
        if (t < best) best = t;
        *lines = count;
    }
    return (double)n / best;
}

// Banded DTW of two series of length m, squared differences, two rows: the scalar recurrence.
static double dtw(const double *a, const double *b, int m, int w, double *prev, double *cur, long *cells) {
    for (int j = 0; j <= m; j++) prev[j] = INFINITY;
    prev[0] = 0;
    for (int i = 1; i <= m; i++) {
        int lo = i - w > 1 ? i - w : 1, hi = i + w < m ? i + w : m;
        cur[lo - 1] = INFINITY;
        double left = INFINITY;
        for (int j = lo; j <= hi; j++) {
            double d = a[i - 1] - b[j - 1];
            // Ternaries, not fmin: fmin's NaN rule keeps the compiler from a single minsd.
            double up = prev[j - 1] < prev[j] ? prev[j - 1] : prev[j];
            double best = up < left ? up : left;
            left = d * d + best;
            cur[j] = left;
        }
        *cells += hi - lo + 1;
        if (hi < m) cur[hi + 1] = INFINITY;
        double *t = prev;
        prev = cur;
        cur = t;
        prev[0] = INFINITY;
    }
    return prev[m];
}

static double dtwCellsPerSecond(int m, int w) {
    double *a = malloc(sizeof(double) * (size_t)m), *b = malloc(sizeof(double) * (size_t)m);
    double *p = malloc(sizeof(double) * (size_t)(m + 2)), *c = malloc(sizeof(double) * (size_t)(m + 2));
    uint64_t s = 20261129;
    double x = 0, y = 0;
    for (int i = 0; i < m; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        x += (double)((s >> 11) & 0xffff) / 65536.0 - 0.5;
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        y += (double)((s >> 11) & 0xffff) / 65536.0 - 0.5;
        a[i] = x;
        b[i] = y;
    }
    double best = 1e30, sum = 0;
    long cells = 0;
    for (int r = 0; r < 5; r++) {
        cells = 0;
        double t0 = now();
        for (int k = 0; k < 200; k++) sum += dtw(a, b, m, w, p, c, &cells);
        double t = now() - t0;
        if (t < best) best = t;
    }
    if (!(sum > 0)) abort();
    free(a);
    free(b);
    free(p);
    free(c);
    return (double)cells / best;
}

// Counts floats above a bias, 8 lanes per comparison, four accumulators: the most a PPV count can do per cycle.
static double comparisonsPerSecond(void) {
    enum { N = 4096 };
    float *v = aligned_alloc(32, sizeof(float) * N);
    for (int i = 0; i < N; i++) v[i] = (float)((i * 7919) % 1000) / 1000.0f;
    double best = 1e30;
    long total = 0;
    for (int r = 0; r < 5; r++) {
        __m256i c0 = _mm256_setzero_si256(), c1 = c0, c2 = c0, c3 = c0;
        double t0 = now();
        for (int rep = 0; rep < 50000; rep++) {
            __m256 bias = _mm256_set1_ps((float)(rep & 1023) / 1024.0f);
            for (int i = 0; i < N; i += 32) {
                c0 = _mm256_sub_epi32(c0, _mm256_castps_si256(_mm256_cmp_ps(_mm256_load_ps(v + i), bias, _CMP_GT_OQ)));
                c1 = _mm256_sub_epi32(c1, _mm256_castps_si256(_mm256_cmp_ps(_mm256_load_ps(v + i + 8), bias, _CMP_GT_OQ)));
                c2 = _mm256_sub_epi32(c2, _mm256_castps_si256(_mm256_cmp_ps(_mm256_load_ps(v + i + 16), bias, _CMP_GT_OQ)));
                c3 = _mm256_sub_epi32(c3, _mm256_castps_si256(_mm256_cmp_ps(_mm256_load_ps(v + i + 24), bias, _CMP_GT_OQ)));
            }
        }
        double t = now() - t0;
        if (t < best) best = t;
        int lanes[8];
        _mm256_storeu_si256((__m256i *)lanes, _mm256_add_epi32(_mm256_add_epi32(c0, c1), _mm256_add_epi32(c2, c3)));
        total = 0;
        for (int k = 0; k < 8; k++) total += lanes[k];
    }
    if (total <= 0) abort();
    free(v);
    return 50000.0 * N / best;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: roofline FILE.csv\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    size_t n = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    char *data = malloc(n);
    if (fread(data, 1, n, f) != n) {
        fprintf(stderr, "%s: short read\n", argv[1]);
        return 1;
    }
    fclose(f);
    long lines = 0;
    double hz = cyclesPerSecond();
    double copy = memcpyBytesPerSecond(n), scan = newlineScanBytesPerSecond(data, n, &lines);
    double cells128 = dtwCellsPerSecond(128, 12), cells1024 = dtwCellsPerSecond(1024, 102);
    double compares = comparisonsPerSecond();
    printf("{\"bytes\": %zu, \"lines\": %ld, \"hz\": %.6g, \"memcpyBytesPerSecond\": %.6g, \"newlineScanBytesPerSecond\": %.6g, "
           "\"dtwCellsPerSecond128\": %.6g, \"dtwCellsPerSecond1024\": %.6g, \"dtwCyclesPerCell128\": %.4g, \"dtwCyclesPerCell1024\": %.4g, "
           "\"comparisonsPerSecond\": %.6g, \"comparisonsPerCycle\": %.4g}\n",
           n, lines, hz, copy, scan, cells128, cells1024, hz / cells128, hz / cells1024, compares, compares / hz);
    free(data);
    return 0;
}

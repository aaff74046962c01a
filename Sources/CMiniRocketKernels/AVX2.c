// The AVX2 variant (x86-64): eight lanes. Chosen at run time only where the CPU has AVX2.
#include "Variants.h"

#if GL_MINIROCKET_WIDE
#include "CMiniRocketKernels.h"
#include <math.h>
#include <stdint.h>
#include <string.h>

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define GL_LANES 8
#define GL_VARIANT(name) gl_avx2_##name
#include "Kernels.inc"
#pragma clang attribute pop
#endif

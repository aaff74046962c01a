// The portable variant: the build's baseline instruction set (SSE2 on x86-64, NEON on arm64), four lanes.
#include "CMiniRocketKernels.h"
#include "Variants.h"
#include <math.h>
#include <stdint.h>
#include <string.h>

#define GL_LANES 4
#define GL_VARIANT(name) gl_portable_##name
#include "Kernels.inc"

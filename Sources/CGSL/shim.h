// The parts of the GNU Scientific Library that GestureEval uses.
#ifndef GESTURELAB_CGSL_SHIM_H
#define GESTURELAB_CGSL_SHIM_H

#include <gsl/gsl_errno.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_eigen.h>

// Accessors for GSL's global type objects, which Swift 6 treats as shared mutable state.
static inline const gsl_rng_type *cgsl_rng_mt19937(void) { return gsl_rng_mt19937; }
static inline const gsl_root_fsolver_type *cgsl_root_fsolver_brent(void) { return gsl_root_fsolver_brent; }

#endif

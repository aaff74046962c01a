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

#endif

// The parts of OpenBLAS (BLAS and LAPACK, BSD-3-Clause) that GestureEval uses: LAPACK's symmetric
// divide-and-conquer eigensolver, declared here with LAPACK's Fortran calling convention (every argument by
// address, column-major arrays) so that no LAPACKE header is needed.
#ifndef GESTURELAB_COPENBLAS_SHIM_H
#define GESTURELAB_COPENBLAS_SHIM_H

void dsyevd_(const char *jobz, const char *uplo, const int *n, double *a, const int *lda, double *w,
             double *work, const int *lwork, int *iwork, const int *liwork, int *info);

// OpenBLAS's own thread pool size; GestureLab sets 1, since its work units already keep every core busy.
void openblas_set_num_threads(int num_threads);

#endif

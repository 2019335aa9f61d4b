// sgemm_openblas.c - The baseline of bench/matmul: OpenBLAS's cblas_sgemm
// on row-major N x N f32 matrices, best of R runs, in GFLOP/s.
//
//   sgemm_openblas M N K [repetitions]
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s M N K [repetitions]\n", argv[0]);
    return 2;
  }
  long m = atol(argv[1]), n = atol(argv[2]), k = atol(argv[3]);
  int reps = argc > 4 ? atoi(argv[4]) : 5;
  if (m <= 0 || n <= 0 || k <= 0 || reps <= 0) {
    fprintf(stderr, "sizes and repetitions must be positive\n");
    return 2;
  }
  float *a = malloc(sizeof(float) * m * k);
  float *b = malloc(sizeof(float) * k * n);
  float *c = malloc(sizeof(float) * m * n);
  if (!a || !b || !c) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (long i = 0; i < m * k; ++i)
    a[i] = (float)((i * 7) % 13) / 13.0f - 0.5f;
  for (long i = 0; i < k * n; ++i)
    b[i] = (float)((i * 5) % 11) / 11.0f - 0.5f;
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    double start = now();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a,
                k, b, n, 0.0f, c, n);
    double elapsed = now() - start;
    if (elapsed < best)
      best = elapsed;
  }
  printf("%.3f\n", 2.0 * m * n * k / best * 1e-9);
  free(a);
  free(b);
  free(c);
  return 0;
}

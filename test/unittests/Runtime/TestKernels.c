/*===- TestKernels.c - Kernels following the ABI, for the VM tests --------===*\
|*                                                                            *|
|* A small CPU kernel library written by hand against the kernel ABI of      *|
|* Bytecode.h (KernelEntry): memref descriptors for tensors, int64_t* for     *|
|* i64 arguments, grid functions, tile ranges. The tests embed this shared   *|
|* object in modules with setKernelLibraryCPU and launch its kernels.        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <stdint.h>

/* A rank-1 and a rank-2 memref descriptor. */
typedef struct {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} Memref1D;

typedef struct {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[2];
  int64_t strides[2];
} Memref2D;

/* Elements per tile of the elementwise kernels. */
#define TILE 4

/* c = a + b over rank-1 f32 tensors; one tile = TILE elements. */
int64_t add_f32_grid(void **args) {
  const Memref1D *c = (const Memref1D *)args[2];
  return (c->sizes[0] + TILE - 1) / TILE;
}

void add_f32(void **args, int64_t tileBegin, int64_t tileEnd) {
  const Memref1D *a = (const Memref1D *)args[0];
  const Memref1D *b = (const Memref1D *)args[1];
  const Memref1D *c = (const Memref1D *)args[2];
  const float *pa = (const float *)a->aligned + a->offset;
  const float *pb = (const float *)b->aligned + b->offset;
  float *pc = (float *)c->aligned + c->offset;
  int64_t n = c->sizes[0];
  for (int64_t tile = tileBegin; tile < tileEnd; ++tile)
    for (int64_t i = tile * TILE; i < (tile + 1) * TILE && i < n; ++i)
      pc[i * c->strides[0]] = pa[i * a->strides[0]] + pb[i * b->strides[0]];
}

/* out = x * scale (an i64 argument); no grid function: one tile. */
void scale_f32(void **args, int64_t tileBegin, int64_t tileEnd) {
  const Memref1D *x = (const Memref1D *)args[0];
  int64_t scale = *(const int64_t *)args[1];
  const Memref1D *out = (const Memref1D *)args[2];
  const float *px = (const float *)x->aligned;
  float *po = (float *)out->aligned;
  (void)tileBegin;
  (void)tileEnd;
  for (int64_t i = 0; i < out->sizes[0]; ++i)
    po[i] = px[i] * (float)scale;
}

/* out = transpose(in) for rank-2 f32, one tile per output row: checks
   that sizes and strides are laid out as the ABI says. */
int64_t transpose_f32_grid(void **args) {
  return ((const Memref2D *)args[1])->sizes[0];
}

void transpose_f32(void **args, int64_t tileBegin, int64_t tileEnd) {
  const Memref2D *in = (const Memref2D *)args[0];
  const Memref2D *out = (const Memref2D *)args[1];
  const float *pi = (const float *)in->aligned;
  float *po = (float *)out->aligned;
  for (int64_t r = tileBegin; r < tileEnd; ++r)
    for (int64_t c = 0; c < out->sizes[1]; ++c)
      po[r * out->strides[0] + c * out->strides[1]] =
          pi[c * in->strides[0] + r * in->strides[1]];
}

/* counts[t] += 1 for every tile t: a launch must run each tile once.
   The grid is the tensor's size. */
int64_t count_tiles_grid(void **args) {
  return ((const Memref1D *)args[0])->sizes[0];
}

void count_tiles(void **args, int64_t tileBegin, int64_t tileEnd) {
  const Memref1D *counts = (const Memref1D *)args[0];
  int64_t *p = (int64_t *)counts->aligned;
  for (int64_t t = tileBegin; t < tileEnd; ++t)
    p[t] += 1;
}

/* A grid function returning nonsense. */
int64_t bad_grid(void **args) {
  (void)args;
  return -5;
}

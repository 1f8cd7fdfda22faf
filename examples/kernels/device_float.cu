// device_float: float arithmetic inside __noinline__ device functions (.func in the PTX), which
// ptxmm inlines with their registers renamed apart from the caller's; block 0 computes
// affine(3.0, 1.5, 1.0) = 5.5 with fma.rn in one function, publishes it, and block 1 halves
// what it reads with mul.rn in another.
// CORRECT: __threadfence() on both sides makes block 1 read 5.5 and store 2.75 (0f40300000),
// with no data race. (The callees' registers %f1..%f4 share their names with the kernel's: an
// inliner that left a float operation's operands unrenamed read the kernel's instead.)

__device__ int flag;

__device__ __noinline__ float affine(float x, float a, float b) { return __fmaf_rn(x, a, b); }

__device__ __noinline__ float half_of(float x) { return __fmul_rn(x, 0.5f); }

__global__ void device_float(float *data, float *out, float a)
{
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data[0] = affine(data[0], a, 1.0f);
        __threadfence();
        atomicExch(&flag, 1);
    } else {
        while (atomicAdd(&flag, 0) == 0) { }
        __threadfence();
        out[0] = half_of(data[0]);
    }
}

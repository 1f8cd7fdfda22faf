// fscale: message passing of a computed float between blocks. Block 0 scales data[0] (a
// mul.f32) and raises a volatile flag; block 1 spins on the flag and computes 2 * v + 1 from
// what it then reads (nvcc writes fma.rn.f32), then floors it to an integer (cvt.rmi).
// CORRECT: __threadfence() on both sides, so block 1 computes from the scaled value:
// 3.0 * 1.5 = 4.5, 2 * 4.5 + 1 = 10.0, floor 10. fscale_nofence.cu drops the fences.

__device__ int flag;

__global__ void fscale(float *data, float *out, int *rounded, float scale)
{
    volatile int *vflag = &flag;
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data[0] = data[0] * scale;
        __threadfence();
        *vflag = 1;
    } else if (blockIdx.x == 1) {
        while (*vflag == 0) { }
        __threadfence();
        float y = data[0] * 2.0f + 1.0f;
        out[0] = y;
        rounded[0] = (int)floorf(y);
    }
}

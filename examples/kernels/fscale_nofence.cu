// fscale_nofence: message passing of a computed float between blocks. Block 0 scales data[0] (a
// mul.f32) and raises a volatile flag; block 1 spins on the flag and computes 2 * v + 1 from
// what it then reads (nvcc writes fma.rn.f32), then floors it to an integer (cvt.rmi).
// BROKEN: no fences (fscale.cu has them), so block 1 may read data[0] before the scaled
// value reaches it: 2 * 3.0 + 1 = 7.0.

__device__ int flag;

__global__ void fscale_nofence(float *data, float *out, int *rounded, float scale)
{
    volatile int *vflag = &flag;
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data[0] = data[0] * scale;
        *vflag = 1;
    } else if (blockIdx.x == 1) {
        while (*vflag == 0) { }
        float y = data[0] * 2.0f + 1.0f;
        out[0] = y;
        rounded[0] = (int)floorf(y);
    }
}

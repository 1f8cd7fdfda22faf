// mp_float_nofence: message passing of floating-point data between blocks; block 0 writes a float
// and a double, then raises a flag with atomicExch; block 1 spins on the flag with
// atomicAdd(&flag, 0), then copies both.
// BUG: without __threadfence() nothing orders the payload before the flag: block 1 may copy
// the buffers' initial 0.0, and the plain accesses race.
// ptxmm carries .f32 and .f64 data as its bits (ld, st, mov): the assertion compares the
// copies' bits, written as PTX's 0f/0d literals.

__device__ int flag;

__global__ void mp_float_nofence(float *f, double *d, float *fout, double *dout)
{
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        f[0] = 2.5f;
        d[0] = 0.1;
        atomicExch(&flag, 1);
    } else if (blockIdx.x == 1) {
        while (atomicAdd(&flag, 0) == 0) { }
        fout[0] = f[0];
        dout[0] = d[0];
    }
}

// warp_reduce: a sum over one warp's values in shared memory, the tree reduction that before
// Volta was written warp-synchronously (no synchronization: a warp ran in lockstep).
// CORRECT: __syncwarp() after each step orders the step's shared-memory writes before the
// next step's reads by the warp's other threads (bar.warp.sync orders memory among the
// threads it names, ISA 9.7.12.2), so each block's out[blockIdx.x] is the sum, with no race.

__global__ void warp_reduce(int *out, const int *in)
{
    __shared__ int s[4];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncwarp();
    for (unsigned off = 2; off > 0; off /= 2) {
        if (t < off) s[t] += s[t + off];
        __syncwarp();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

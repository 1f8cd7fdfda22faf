// warp_reduce_nosync: the same reduction written warp-synchronously, as before Volta: one
// __syncwarp() after filling s, none between the steps.
// BROKEN since independent thread scheduling (sm_70): nothing orders thread 1's step-one
// write of s[1] before thread 0's step-two read of it, so the sum can miss values, and the
// plain shared-memory accesses race.

__global__ void warp_reduce_nosync(int *out, const int *in)
{
    __shared__ int s[4];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncwarp();
    for (unsigned off = 2; off > 0; off /= 2) {
        if (t < off) s[t] += s[t + off];
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

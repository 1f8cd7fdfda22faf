// shfl_reduce: a sum over one warp's values with shuffles (no shared memory, no barrier),
// then a ballot of which lanes hold more than 4.
// CORRECT: each __shfl_down_sync reads a register of the lane `off` above, in the same round
// (shfl.sync waits for the lanes of its mask, ISA 9.7.8.6); lane 0 ends with the sum. Lanes 2
// and 3 read lanes 4 and 5, which a block of 4 threads does not have: their values are
// unpredictable, and only what lane 0 computes from lanes 0..3 is stored.

__global__ void shfl_reduce(int *out, const int *in)
{
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int off = 2; off > 0; off /= 2) v += __shfl_down_sync(0xf, v, off);
    if (threadIdx.x == 0) out[blockIdx.x] = v;
}

// shfl_allreduce: a warp's sum in every lane, by butterfly shuffles over the block's width
// (blockDim.x, a power of two up to 32: one warp).
// CORRECT: each round's __shfl_xor_sync reads the lane off apart in the same round, a lane of
// the block (off < blockDim.x), so after log2(blockDim.x) rounds every lane holds the sum. The
// mask names the whole warp; lanes past the block have exited, and shfl.sync does not wait for
// them. The loop is not unrolled (its bound is blockDim.x): give --bound log2(blockDim.x).

__global__ void shfl_allreduce(int *out, const int *in)
{
    int v = in[threadIdx.x];
    for (unsigned off = blockDim.x / 2; off > 0; off /= 2) v += __shfl_xor_sync(0xffffffff, v, off);
    out[threadIdx.x] = v;
}

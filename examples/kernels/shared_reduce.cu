// shared_reduce: a block-wide tree reduction in shared memory (each step halves the stride),
// with __syncthreads() after the loads and after every step, and thread 0 adding the block's
// sum to *out with atomicAdd. CORRECT: every step reads what the previous one wrote.

__global__ void shared_reduce(const int *in, int *out)
{
    __shared__ int s[4];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) atomicAdd(out, s[0]);
}

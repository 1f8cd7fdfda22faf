// converge_divergent: converge.cu with the loop's condition taken per thread (while (changed))
// instead of block-wide with __syncthreads_or.
// BROKEN: a thread whose value stopped changing leaves the loop while others go round again,
// so the __syncthreads() in the loop is not executed by every thread of the block: barrier
// divergence, undefined in CUDA (and ISA 9.7.12.1 for an aligned barrier). The values may
// still come out right here, which is why it is easy to miss; `--barriers` finds it.

__global__ void converge_divergent(int *out, const int *in)
{
    __shared__ int s[3];
    unsigned t = threadIdx.x;
    int v = in[blockIdx.x * blockDim.x + t];
    bool changed = true;
    while (changed) {
        s[t] = v;
        __syncthreads();
        int left = s[(t + blockDim.x - 1) % blockDim.x];
        changed = left < v;
        if (changed) v = left;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + t] = v;
}

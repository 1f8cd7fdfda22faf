// barrier_divergence: __syncthreads() inside a branch that only thread 0 of each block takes.
// BUGGY: the barrier waits for every thread of the block, and thread 1 never arrives, so
// thread 0 waits forever (barrier divergence; undefined behaviour in CUDA, a hang here).

__device__ int flag[2];

__global__ void barrier_divergence(int *out)
{
    if (threadIdx.x == 0) {
        flag[blockIdx.x] = 1;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = flag[blockIdx.x];
}

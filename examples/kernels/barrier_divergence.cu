// barrier_divergence: __syncthreads() inside a branch that only thread 0 of each block takes.
// BUGGY: a divergent barrier (undefined behaviour in CUDA; --barriers reports it). Thread 1
// exits without arriving and an exited thread is not waited for, so thread 0 goes on (live).

__device__ int flag[2];

__global__ void barrier_divergence(int *out)
{
    if (threadIdx.x == 0) {
        flag[blockIdx.x] = 1;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = flag[blockIdx.x];
}

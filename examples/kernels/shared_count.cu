// shared_count: every thread of a block adds 1 to a __shared__ counter, and thread 0 writes
// the block's count to out[blockIdx.x]. CORRECT: thread 0 zeroes the counter, and a
// __syncthreads() orders that before every thread's atomicAdd.

__global__ void shared_count(int *out)
{
    __shared__ int count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    atomicAdd(&count, 1);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = count;
}

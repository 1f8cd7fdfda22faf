// shfl_partial: each block sums in[] over its first n threads with warp shuffles; after
// __syncthreads(), every thread copies the sum out.
// BUGGY: the shuffles name every lane (0xffffffff), but only the threads below n execute them.
// A shuffle waits for every lane of its mask that has not exited, and the threads from n up
// have not exited: they wait at __syncthreads() for the threads at the shuffle. Deadlock.
// Fixed in shfl_padded.

__global__ void shfl_partial(const int *in, int *out, int n)
{
    __shared__ int sum;
    if (threadIdx.x < n) {
        int v = in[threadIdx.x];
        v += __shfl_down_sync(0xffffffff, v, 2);
        v += __shfl_down_sync(0xffffffff, v, 1);
        if (threadIdx.x == 0)
            sum = v;
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// shfl_padded: shfl_partial fixed. Every thread of the warp executes the shuffles, those from
// n up with 0, which leaves the sum as it is: the lanes of the mask all come.

__global__ void shfl_padded(const int *in, int *out, int n)
{
    __shared__ int sum;
    int v = threadIdx.x < n ? in[threadIdx.x] : 0;
    v += __shfl_down_sync(0xffffffff, v, 2);
    v += __shfl_down_sync(0xffffffff, v, 1);
    if (threadIdx.x == 0)
        sum = v;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// device_call: a kernel calling a __noinline__ device function (a .func in the PTX, reached by
// call.uni with .param passing), which ptxmm inlines. CORRECT: atomicAdd returns distinct old
// values, so each thread stores a different ticket and counter ends at the sum.

__device__ int counter;

__device__ __noinline__ int take(int *p, int v) { return atomicAdd(p, v) + 1; }

__global__ void device_call(int *out)
{
    out[threadIdx.x] = take(&counter, threadIdx.x + 1);
}

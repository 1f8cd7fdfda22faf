// last_block_nofence: "last block finishes the reduction" as CUDA's threadFenceReduction sample
// writes it: the writer fences before atomicInc, the last block reads the partials with no
// fence after its atomicInc. BUGGY under the PTX model: the relaxed atomicInc alone does not
// synchronize, so the last block may sum a stale partial, and the partials race.

__device__ unsigned int count;

__global__ void last_block_nofence(int *partial, int *out)
{
    if (threadIdx.x != 0) return;
    partial[blockIdx.x] = blockIdx.x + 1;                 // this block's result
    __threadfence();                                      // publish it before the ticket
    unsigned int ticket = atomicInc(&count, gridDim.x);   // count arrivals
    if (ticket == gridDim.x - 1) {                        // we are the last block
        int sum = 0;
        #pragma unroll 1                                  // keep one plain loop in the PTX
        for (unsigned int i = 0; i < gridDim.x; i++)
            sum += partial[i];
        out[0] = sum;
    }
}

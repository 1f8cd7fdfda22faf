// last_block: "last block finishes the reduction" (as in CUDA's threadFenceReduction):
// each block stores its partial, fences, then takes a ticket with atomicInc; the
// block drawing gridDim.x-1 sums all partials into out[0]. CORRECT: the writer fence
// plus the reader fence after atomicInc make every partial visible to the last block.

__device__ unsigned int count;

__global__ void last_block(int *partial, int *out)
{
    if (threadIdx.x != 0) return;
    partial[blockIdx.x] = blockIdx.x + 1;                 // this block's result
    __threadfence();                                      // publish it before the ticket
    unsigned int ticket = atomicInc(&count, gridDim.x);   // count arrivals
    if (ticket == gridDim.x - 1) {                        // we are the last block
        __threadfence();                                  // see the others' partials
        int sum = 0;
        #pragma unroll 1                                  // keep one plain loop in the PTX
        for (unsigned int i = 0; i < gridDim.x; i++)
            sum += partial[i];
        out[0] = sum;
    }
}

// xf_barrier: a one-shot inter-block barrier in the style of Xiao and Feng
// (arrive flags collected by block 0, which then sets per-block release flags),
// with __threadfence() added around the flag accesses. CORRECT: each block's writes
// before the barrier are visible to the other block after it, so out[i] reads them.
// Needs blockDim.x >= gridDim.x (block 0 has one watcher thread per block).

__device__ volatile int arrive[2];
__device__ volatile int release[2];

__global__ void xf_barrier(int *data, int *out)
{
    unsigned int tid = threadIdx.x;
    unsigned int bid = blockIdx.x;
    unsigned int nblocks = gridDim.x;

    data[bid * blockDim.x + tid] = bid * blockDim.x + tid + 1;   // before the barrier

    // ---- barrier ----
    __syncthreads();
    if (tid == 0) {
        __threadfence();
        arrive[bid] = 1;                      // this block has arrived
    }
    if (bid == 0) {
        if (tid < nblocks) {
            while (arrive[tid] != 1) { }      // wait for block tid
            __threadfence();
        }
        __syncthreads();
        if (tid < nblocks) {
            __threadfence();
            release[tid] = 1;                 // let block tid go
        }
    }
    if (tid == 0) {
        while (release[bid] != 1) { }         // wait to be released
        __threadfence();
    }
    __syncthreads();
    // ---- end barrier ----

    unsigned int other = nblocks - 1 - bid;   // the mirror block
    out[bid * blockDim.x + tid] = data[other * blockDim.x + tid];
}

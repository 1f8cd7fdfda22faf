// converge: each thread of a block holds a value and, round after round, takes the smaller of
// its own and its left neighbour's (through shared memory), until no value in the block changes.
// CORRECT: the loop's condition is __syncthreads_or(changed) (bar.red.or, ISA 9.7.12.1): a
// barrier whose result is the same in every thread of the block, so all of them go round
// together and leave together; each round's reads of s come after the barrier that follows the
// last round's reads and this round's writes. Every thread ends with its block's minimum.

__global__ void converge(int *out, const int *in)
{
    __shared__ int s[3];
    unsigned t = threadIdx.x;
    int v = in[blockIdx.x * blockDim.x + t];
    bool changed = true;
    while (__syncthreads_or(changed)) {
        s[t] = v;
        __syncthreads();
        int left = s[(t + blockDim.x - 1) % blockDim.x];
        changed = left < v;
        if (changed) v = left;
    }
    out[blockIdx.x * blockDim.x + t] = v;
}

// histogram: each thread adds one to the bin its input names: bins[in[i]], an address made
// from a value read from memory. The solver makes one access per bin that value may pick.
// CORRECT: with in = {0, 1, 1, 3}, atomicAdd counts every input: bins = {1, 2, 0, 1}, and
// atomics do not race with one another.

__global__ void histogram(const unsigned *in, unsigned *bins)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&bins[in[i]], 1u);
}

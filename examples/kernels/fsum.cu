// fsum: each block adds its value to a float total with atomicAdd (atom.global.add.f32).
// Float addition rounds, so it is not associative: the total can depend on the order the
// blocks' additions take. fsum.kernel.json adds values whose sums are exact in every order
// (the total is the same); fsum_rounding.kernel.json adds 1.0, -1e20 and 2.0 to 1e20, whose
// sums round differently by order.
__global__ void fsum(float *total, const float *vals)
{
    if (threadIdx.x != 0) return;
    atomicAdd(total, vals[blockIdx.x]);
}

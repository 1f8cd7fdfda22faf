// fmean_nofence: each block adds its value to a float sum (atomicAdd, atom.global.add.f32), then takes a
// ticket; the block that takes the last ticket divides the sum by the number of blocks (nvcc:
// cvt.rn.f32.u32 and div.rn.f32, correctly rounded) and stores the mean.
// BROKEN: no fences (fmean.cu has them): the last block may read the sum before another block's
// addition reaches it, and the plain read races with that addition.

__device__ unsigned int ticket;
__device__ float sum;

__global__ void fmean_nofence(const float *vals, float *mean)
{
    if (threadIdx.x != 0) return;
    atomicAdd(&sum, vals[blockIdx.x]);
    unsigned int t = atomicAdd(&ticket, 1u);
    if (t == gridDim.x - 1) {
        mean[0] = sum / gridDim.x;
    }
}

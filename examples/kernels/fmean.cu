// fmean: each block adds its value to a float sum (atomicAdd, atom.global.add.f32), then takes a
// ticket; the block that takes the last ticket divides the sum by the number of blocks (nvcc:
// cvt.rn.f32.u32 and div.rn.f32, correctly rounded) and stores the mean.
// CORRECT: __threadfence() before taking the ticket and after the last one is taken, so the last
// block reads the whole sum: (1.0 + 2.0 + 4.5) / 3 = 2.5, exact in every order.

__device__ unsigned int ticket;
__device__ float sum;

__global__ void fmean(const float *vals, float *mean)
{
    if (threadIdx.x != 0) return;
    atomicAdd(&sum, vals[blockIdx.x]);
    __threadfence();
    unsigned int t = atomicAdd(&ticket, 1u);
    if (t == gridDim.x - 1) {
        __threadfence();
        mean[0] = sum / gridDim.x;
    }
}

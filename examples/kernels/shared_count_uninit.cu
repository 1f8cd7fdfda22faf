// shared_count_uninit: shared_count without the zeroing. BROKEN: __shared__ memory has no
// initial value (PTX ISA 8.2.4: an unknown but constant value; CUDA does not clear it), so the
// count starts from whatever the counter held and out[b] can be anything.

__global__ void shared_count_uninit(int *out)
{
    __shared__ int count;
    atomicAdd(&count, 1);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = count;
}

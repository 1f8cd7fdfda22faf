// shared_reduce_nosync: shared_reduce without the __syncthreads() inside the loop. BUGGY: a
// step may read a partial sum before the step that writes it, so the shared accesses race and
// the sum can be wrong.

__global__ void shared_reduce_nosync(const int *in, int *out)
{
    __shared__ int s[4];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
    }
    if (t == 0) atomicAdd(out, s[0]);
}

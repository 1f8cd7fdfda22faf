// dynamic_reverse: a block reverses an array through dynamic shared memory (extern __shared__,
// sized by the launch: <<<1, n, n * sizeof(int)>>>), with __syncthreads() between the copy in
// and the copy out. CORRECT: every thread reads its mirror's element after the barrier.

extern __shared__ int s[];

__global__ void dynamic_reverse(int *d, int n)
{
    int t = threadIdx.x;
    s[t] = d[t];
    __syncthreads();
    d[t] = s[n - t - 1];
}

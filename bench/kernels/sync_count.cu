// Every thread at two CTA barriers, the second counting the odd threads (bar.red.popc):
// how barrier encodings grow with the block's threads.
__global__ void sync_count(int *out) {
  __syncthreads();
  int c = __syncthreads_count(threadIdx.x & 1);
  if (threadIdx.x == 0) out[0] = c;
}

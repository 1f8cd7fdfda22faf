// A producer/consumer pipeline over named barriers, two rounds: warp 0 (32 lanes) fills buf and
// arrives at barrier 1; warp 1 (one lane, the block's 33rd thread) waits there, sums buf, and
// arrives at barrier 2, where warp 0 waits before refilling. Each count, 64, is two warps.
// The benchmark of a large liveness encoding (bench/kernels.ts): 33 threads, ~270 events.
__global__ void pipeline(int *out) {
  __shared__ int buf[32];
  int t = threadIdx.x;
  for (int i = 0; i < 2; i++) {
    if (t < 32) {
      buf[t] = i * 32 + t;
      asm volatile("bar.arrive 1, 64;" ::: "memory");
      asm volatile("bar.sync 2, 64;" ::: "memory");
    } else {
      asm volatile("bar.sync 1, 64;" ::: "memory");
      int s = 0;
      for (int j = 0; j < 32; j++) s += buf[j];
      out[i] = s;
      asm volatile("bar.arrive 2, 64;" ::: "memory");
    }
  }
}

// named_barrier: warp specialization with a named barrier. Warp 0 produces: each lane writes
// one element of a shared buffer, then arrives at barrier 1 and goes on without waiting
// (bar.arrive). Warp 1 consumes: it waits at barrier 1 (bar.sync) until both warps, 64
// threads, have arrived, and copies the element out. CORRECT: the barrier orders every
// producer's write before every consumer's read, so out[i] == i + 1 and no access races.

__global__ void named_barrier(int *out)
{
    __shared__ int buf[32];
    unsigned int lane = threadIdx.x % 32;
    if (threadIdx.x < 32) {
        buf[lane] = lane + 1;
        asm volatile("bar.arrive 1, 64;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        out[lane] = buf[lane];
    }
}

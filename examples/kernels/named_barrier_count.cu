// named_barrier_count: named_barrier with the count of one warp (32) where the barrier joins
// two. BROKEN: a barrier counts whole warps, so warp 1's own arrival reaches the count and its
// bar.sync passes at once, whether or not warp 0 has arrived: a consumer may read its element
// before the producer writes it (out[i] == 0), and the two accesses race.

__global__ void named_barrier_count(int *out)
{
    __shared__ int buf[32];
    unsigned int lane = threadIdx.x % 32;
    if (threadIdx.x < 32) {
        buf[lane] = lane + 1;
        asm volatile("bar.arrive 1, 32;" ::: "memory");
    } else {
        asm volatile("bar.sync 1, 32;" ::: "memory");
        out[lane] = buf[lane];
    }
}

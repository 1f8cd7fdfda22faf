// shfl_broadcast_syncwarp: block 0 publishes data with a release store of flag; in block 1, lane 0
// reads flag with acquire and broadcasts it to its warp with a shuffle, and every lane that
// gets 1 reads data.
// CORRECT: __syncwarp() after the shuffle is a barrier of the warp that orders memory
// (bar.warp.sync, ISA 9.7.12.2): lane 0's acquire comes before it, lane 1's read of data
// after it, so a lane that gets flag == 1 reads 42, with no race.

#include <cuda/atomic>

__global__ void shfl_broadcast_syncwarp(int *data, int *flag, int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    if (blockIdx.x == 0) {
        if (threadIdx.x == 0) {
            data[0] = 42;
            f.store(1, cuda::memory_order_release);
        }
        return;
    }
    int seen = threadIdx.x == 0 ? f.load(cuda::memory_order_acquire) : 0;
    seen = __shfl_sync(0x3, seen, 0);
    __syncwarp(0x3);
    out[threadIdx.x] = seen ? data[0] : -1;
}

// shfl_broadcast: block 0 publishes data with a release store of flag; in block 1, lane 0
// reads flag with acquire and broadcasts it to its warp with a shuffle, and every lane that
// gets 1 reads data.
// BROKEN: a shuffle moves a register value, nothing more: the ISA gives shfl.sync no memory
// ordering, so lane 1's read of data is not ordered after lane 0's acquire. Lane 1 may see
// flag == 1 and still read the old data (out[1] == 0), and its read races with the write.
// Fixed in shfl_broadcast_syncwarp.

#include <cuda/atomic>

__global__ void shfl_broadcast(int *data, int *flag, int *out)
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
    out[threadIdx.x] = seen ? data[0] : -1;
}

// atomic_ref_block: atomic_ref_device with thread_scope_block instead of device.
// BUGGY (scope bug): block-scope (.cta) release/acquire between two different blocks
// is not morally strong, so it does not synchronize: the flag and payload accesses
// race and block 1 may copy the stale 0 into out[0].
#include <cuda/atomic>

__device__ int flag;

__global__ void atomic_ref_block(int *data, int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_block> f(flag);
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data[0] = 42;                                    // payload
        f.store(1, cuda::memory_order_release);          // publish
    } else if (blockIdx.x == 1) {
        while (f.load(cuda::memory_order_acquire) == 0) { }
        out[0] = data[0];                                // read payload
    }
}

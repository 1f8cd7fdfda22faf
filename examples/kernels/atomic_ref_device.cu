// atomic_ref_device: message passing between blocks with cuda::atomic_ref at device
// scope: store(release) of the flag, spin on load(acquire), then read the payload.
// CORRECT: release/acquire at device (.gpu) scope synchronizes the two blocks, so
// out[0] == 42 and the plain payload accesses do not race.
#include <cuda/atomic>

__device__ int flag;

__global__ void atomic_ref_device(int *data, int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> f(flag);
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data[0] = 42;                                    // payload
        f.store(1, cuda::memory_order_release);          // publish
    } else if (blockIdx.x == 1) {
        while (f.load(cuda::memory_order_acquire) == 0) { }
        out[0] = data[0];                                // read payload
    }
}

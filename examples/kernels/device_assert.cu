// device_assert: message passing between blocks, checked by the kernel's own assert().
// Block 0 writes data then raises a flag with a release fence; block 1 waits for the flag,
// fences, and asserts that it sees the data. ptxmm reads nvcc's call of __assertfail as a
// property: no thread fails an assert.
// CORRECT: __threadfence() on both sides makes data[0] == 42 visible once the flag is seen.
#include <cassert>

__global__ void device_assert(int *data, int *flag)
{
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        atomicExch(flag, 1);
    } else {
        while (atomicAdd(flag, 0) == 0) { }
        __threadfence();
        assert(data[0] == 42);
    }
}

// device_assert_nofence: message passing between blocks, checked by the kernel's own assert().
// Block 0 writes data then raises a flag, with no fence between them; block 1 waits for the
// flag, fences, and asserts that it sees the data. ptxmm reads nvcc's call of __assertfail as a
// property: no thread fails an assert.
// BROKEN: the writer has no fence between data and flag, so block 1 may see the flag
// and still read the old data[0]: the assert fails.
#include <cassert>

__global__ void device_assert_nofence(int *data, int *flag)
{
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data[0] = 42;
        atomicExch(flag, 1);
    } else {
        while (atomicAdd(flag, 0) == 0) { }
        __threadfence();
        assert(data[0] == 42);
    }
}

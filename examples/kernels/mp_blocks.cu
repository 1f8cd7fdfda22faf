// mp_blocks: message passing between blocks; block 0 writes data then raises a
// volatile flag, block 1 spins on the flag then copies data to out[0].
// CORRECT: __threadfence() on both sides (fence-fence synchronization through the
// flag) makes block 1 see data[0] == 42 with no data race.

__device__ int flag;

__global__ void mp_blocks(int *data, int *out)
{
    volatile int *vflag = &flag;
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data[0] = 42;            // payload (plain store)
        __threadfence();
        *vflag = 1;              // publish
    } else if (blockIdx.x == 1) {
        while (*vflag == 0) { }  // wait for the flag
        __threadfence();
        out[0] = data[0];        // read payload (plain load)
    }
}

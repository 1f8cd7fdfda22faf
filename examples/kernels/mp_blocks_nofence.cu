// mp_blocks_nofence: mp_blocks without the two __threadfence() calls.
// BUGGY: a volatile flag alone is only a relaxed access; nothing orders the plain
// data store before the flag or the data load after it, so the data accesses race
// and block 1 may copy the stale 0 into out[0].

__device__ int flag;

__global__ void mp_blocks_nofence(int *data, int *out)
{
    volatile int *vflag = &flag;
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data[0] = 42;            // payload (plain store)
        *vflag = 1;              // publish
    } else if (blockIdx.x == 1) {
        while (*vflag == 0) { }  // wait for the flag
        out[0] = data[0];        // read payload (plain load)
    }
}

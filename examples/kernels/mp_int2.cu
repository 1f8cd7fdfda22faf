// mp_int2: block 0 publishes an int2 (one 8-byte vector store, st.global.v2.u32) and raises a
// flag; block 1 waits for the flag and copies the pair with one vector load.
// CORRECT: __threadfence() on both sides orders both elements of the store before the flag
// and both elements of the load after it, so the copy is {5, 6}, with no race.

__device__ int2 data;
__device__ volatile int flag;
__device__ int2 copy;

__global__ void mp_int2()
{
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data = make_int2(5, 6);
        __threadfence();
        flag = 1;
    } else {
        while (flag == 0) { }
        __threadfence();
        copy = data;
    }
}

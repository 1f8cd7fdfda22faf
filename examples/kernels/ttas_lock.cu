// ttas_lock: test-and-test-and-set lock; spin on a volatile load until the lock
// looks free, only then try atomicCAS; retry if another block won the race.
// CORRECT: fences after acquiring and before releasing order the critical sections,
// so counter ends at gridDim.x with no data race.

__device__ int lock;
__device__ int counter;

__global__ void ttas_lock()
{
    if (threadIdx.x == 0) {
        volatile int *vlock = &lock;
        for (;;) {
            while (*vlock != 0) { }                  // test (read-only spin)
            if (atomicCAS(&lock, 0, 1) == 0) break;  // test-and-set
        }
        __threadfence();                             // fence after acquiring
        counter = counter + 1;                       // critical section
        __threadfence();                             // fence before releasing
        atomicExch(&lock, 0);                        // release
    }
}

// cas_lock: a spin lock built from atomicCAS/atomicExch guarding a plain counter.
// CORRECT: __threadfence() after taking the lock and before releasing it turns the
// relaxed atomics into an acquire/release pair, so the critical sections are ordered
// and counter ends at gridDim.x with no data race.

__device__ int lock;
__device__ int counter;

__global__ void cas_lock()
{
    if (threadIdx.x == 0) {
        while (atomicCAS(&lock, 0, 1) != 0) { }   // acquire the lock
        __threadfence();                          // fence after acquiring
        counter = counter + 1;                    // critical section (plain ld/st)
        __threadfence();                          // fence before releasing
        atomicExch(&lock, 0);                     // release the lock
    }
}

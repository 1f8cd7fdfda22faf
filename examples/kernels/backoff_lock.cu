// backoff_lock: the mutex of the CUDA Programming Guide's __nanosleep example: a thread that
// fails to take the lock sleeps, doubling the delay up to 256 ns, and tries again.
// CORRECT: __threadfence() after taking the lock and before releasing it makes the relaxed
// atomics an acquire/release pair, so the critical sections are ordered: counter ends at
// gridDim.x, the plain counter accesses do not race, and the lock is always released. The
// delay is no memory operation: it changes none of this, only how often the CAS is retried.

__device__ int lock;
__device__ int counter;

__global__ void backoff_lock()
{
    if (threadIdx.x == 0) {
        unsigned ns = 8;
        while (atomicCAS(&lock, 0, 1) != 0) {     // acquire the lock
            __nanosleep(ns);                      // back off
            if (ns < 256) ns *= 2;
        }
        __threadfence();                          // fence after acquiring
        counter = counter + 1;                    // critical section (plain ld/st)
        __threadfence();                          // fence before releasing
        atomicExch(&lock, 0);                     // release the lock
    }
}

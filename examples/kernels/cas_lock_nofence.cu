// cas_lock_nofence: the same atomicCAS spin lock as cas_lock, without the fences.
// BUGGY: atomicCAS/atomicExch are relaxed atomics, so nothing orders the plain
// accesses to counter across blocks: they race and an increment can be lost
// (counter may end below gridDim.x).

__device__ int lock;
__device__ int counter;

__global__ void cas_lock_nofence()
{
    if (threadIdx.x == 0) {
        while (atomicCAS(&lock, 0, 1) != 0) { }   // acquire the lock
        counter = counter + 1;                    // critical section (plain ld/st)
        atomicExch(&lock, 0);                     // release the lock
    }
}

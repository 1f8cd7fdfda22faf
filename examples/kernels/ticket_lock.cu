// ticket_lock: a ticket lock; each taker draws a ticket with atomicAdd and spins
// (volatile load) until now_serving reaches it, then hands over with a volatile store.
// CORRECT: fences after acquiring and before releasing order the plain counter
// accesses, tickets are served in order, so counter ends at gridDim.x.

__device__ unsigned int next_ticket;
__device__ unsigned int now_serving;
__device__ int counter;

__global__ void ticket_lock()
{
    if (threadIdx.x == 0) {
        volatile unsigned int *serving = &now_serving;
        unsigned int my = atomicAdd(&next_ticket, 1u);   // draw a ticket
        while (*serving != my) { }                       // wait for our turn
        __threadfence();                                 // fence after acquiring
        counter = counter + 1;                           // critical section
        __threadfence();                                 // fence before releasing
        *serving = my + 1;                               // serve the next ticket
    }
}

// mp_int2_nofence: the same without the fences.
// BROKEN: a vector access is a set of scalar accesses to its elements, in no set order (ISA
// 8.2.2), and nothing orders them with the flag: the copy may hold one element old and the
// other new (a torn read, {5, 0} or {0, 6}), and the plain accesses race.

__device__ int2 data;
__device__ volatile int flag;
__device__ int2 copy;

__global__ void mp_int2_nofence()
{
    if (threadIdx.x != 0) return;
    if (blockIdx.x == 0) {
        data = make_int2(5, 6);
        flag = 1;
    } else {
        while (flag == 0) { }
        copy = data;
    }
}

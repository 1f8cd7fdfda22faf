// tile_index: each thread finds its row and column in a tile three wide by dividing its
// global index by constants, which nvcc turns into multiplications by magic numbers
// (mul.wide.u32 and mul.hi.s32 with shifts, no div instruction), tests a bound with && and ||
// (predicate logic: and.pred, or.pred), and writes a value made of row, column and a signed
// quotient into its own slot.
// CORRECT: with n = 3, threads 0 to 2 write row * 10 + col + ((i - 7) / 5) * 100 (C rounds
// the quotient towards zero: -1 for i = 0, 1, 2) and thread 3 writes nothing; every thread
// writes its own slot, so there is no race.

__global__ void tile_index(int *out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned row = i / 3, col = i % 3;
    int s = (int)i - 7;
    if ((i < n && col != 2) || (row == 0 && s != 0))
        out[i] = row * 10 + col + (s / 5) * 100;
}

// histogram_racy: the same histogram with a plain increment, bins[in[i]]++, the textbook
// lost update.
// BUG: threads 1 and 2 both read bins[1] before either writes it back, so it may end at 1
// instead of 2; their plain accesses to bins[1] race.

__global__ void histogram_racy(const unsigned *in, unsigned *bins)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    bins[in[i]]++;
}

// fcontract: a product that is also stored, then 1 subtracted from it. nvcc cannot contract the
// two itself (the product is used twice), so it writes mul.f32 and add.f32 without rounding
// modifiers, and the ISA lets ptxas fuse them into one fma, which rounds once.
// INCORRECT as a portable expectation: with data[0] = 0.1f and s = 10.0f the product rounds to
// 1.0, so out[1] is 0.0 computed in two roundings, but 2^-26 (1.4901161e-8) fused: ptxmm shows
// the execution in which ptxas fuses. fcontract_rn (__fmul_rn) is the fix.

__global__ void fcontract(float *data, float *out, float s)
{
    float p = data[0] * s;
    out[0] = p;
    out[1] = p - 1.0f;
}

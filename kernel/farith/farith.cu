__global__ void k0(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint((__fmaf_rd(x4, x0, x0) / __double2float_ru(y0)));
  out[1] = (unsigned long long)__double_as_longlong(__fma_rn((y2 - y1), ((double)__double2int_rd(((double)x0))), fabs(((double)x3))));
  out[2] = (unsigned long long)__double_as_longlong(__ddiv_rn((0.1 * 1e-300), __dadd_rd(1e-300, 1e-300)));
  out[3] = (unsigned)((((float)__fma_rd(y1, y1, 1e-300)) == __double2float_ru(sqrt(((double)x3)))));
}
__global__ void k1(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned)((rintf(x1) < __double2float_ru(1e-300)));
  out[1] = (unsigned)(((0.1f * 0.5f) <= (x4 - x1)));
  out[2] = (unsigned)((int)__float2uint_rd(((float)1e-300)));
  out[3] = __float_as_uint(((float)((double)x3)));
}
__global__ void k2(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(__fadd_rn(x4, x5));
  out[1] = (unsigned long long)__double_as_longlong(__ddiv_rz(0.1, 0.1));
  out[2] = (unsigned long long)__double_as_longlong(((y0 + 0.1) - (y1 + 1e-300)));
  out[3] = __float_as_uint((-(x5)));
}
__global__ void k3(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned long long)__double_as_longlong(trunc(fmax(0.1, y2)));
  out[1] = __float_as_uint(x0);
  out[2] = (unsigned)(__float2int_ru(__fsub_rn(x4, x4)));
  out[3] = (unsigned long long)__double_as_longlong(__fma_rz(((double)x0), y2, ((y2 - y2) * (y1 * y0))));
}
__global__ void k4(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned long long)__double_as_longlong(((double)(x5 == x5)));
  out[1] = (unsigned long long)__double_as_longlong(floor(y1));
  out[2] = (unsigned long long)__double_as_longlong((trunc((y2 + 1e-300)) - ((0.1 - 1e-300) * sqrt(0.1))));
  out[3] = __float_as_uint(__fsqrt_rz((1.0f < 1e30f ? x5 : x2)));
}
__global__ void k5(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(truncf(x5));
  out[1] = __float_as_uint(((sqrtf(x5) <= truncf(x1) ? __saturatef(0.1f) : fmaxf(x1, x2)) < (ceilf(x5) * (1.0f + x2)) ? __fsqrt_rz((x0 / x2)) : (-(sqrtf(x3)))));
  out[2] = (unsigned)((int)__float2uint_rn(x4));
  out[3] = __float_as_uint((x2 + 1.0f));
}
__global__ void k6(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(((float)fmax(0.1, y2)));
  out[1] = (unsigned)(__float2int_rn((((float)y1) * 1e-30f)));
  out[2] = (unsigned long long)__double_as_longlong(__dmul_ru(1e-300, fmax(y2, 1e-300)));
  out[3] = __float_as_uint((__saturatef(1.0f) / (1.0f < -3.0f ? x3 : 0.5f)));
}
__global__ void k7(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned long long)__double_as_longlong(ceil(y2));
  out[1] = __float_as_uint(__fmaf_rd(__double2float_ru(y0), truncf(x0), __fadd_rz(x4, x1)));
  out[2] = (unsigned)((int)__float2uint_ru(1e30f));
  out[3] = __float_as_uint(x3);
}
__global__ void k8(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned long long)__double_as_longlong(__dmul_ru(y1, fmax(__dadd_ru(1e-300, y1), floor(1e-300))));
  out[1] = (unsigned long long)__double_as_longlong(__fma_ru(fmax(0.1, 0.1), floor(y2), (0.1 / y0)));
  out[2] = (unsigned long long)__double_as_longlong(__fma_ru(fabs(__fma_rz(0.1, 1e-300, 1e-300)), (sqrt(y0) + fmin(y1, y2)), fabs(__fma_rn(0.1, y1, 1e-300))));
  out[3] = (unsigned)(__double2int_rz((y1 + 0.1)));
}
__global__ void k9(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(fabsf(fminf(x1, x1)));
  out[1] = __float_as_uint(-3.0f);
  out[2] = __float_as_uint(x5);
  out[3] = (unsigned)((int)__float2uint_ru(__fdiv_rn(x3, x2)));
}
__global__ void k10(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(__int2float_rn((__fsqrt_rd(0.1f) < x2)));
  out[1] = (unsigned)(__double2int_rd(ceil(((double)x2))));
  out[2] = __float_as_uint(fmaxf(x0, __double2float_rn(((double)x1))));
  out[3] = __float_as_uint(sqrtf(__int2float_ru((int)__float2uint_rn(x4))));
}
__global__ void k11(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(1.0f);
  out[1] = __float_as_uint((__saturatef(x4) - fabsf(x5)));
  out[2] = __float_as_uint(((float)(y1 + 0.1)));
  out[3] = __float_as_uint((((x4 < x1 ? 0.1f : 0.1f) - 1.0f) <= ((float)(x2 >= x0)) ? (__double2float_rd(y2) * __fadd_rn(x5, x0)) : fmaxf((x0 + 0.1f), x5)));
}
__global__ void k12(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint((((float)1e-300) + __saturatef(x4)));
  out[1] = __float_as_uint((rintf(x3) * __fmaf_rd(x2, 1e-30f, x0)));
  out[2] = (unsigned long long)__double_as_longlong(ceil(fmin((0.1 / 0.1), ((double)(x5 >= 1.0f)))));
  out[3] = __float_as_uint(fabsf(__fmaf_rz(__fsqrt_rd(0.5f), (x4 - x4), ((float)0.1))));
}
__global__ void k13(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(x0);
  out[1] = (unsigned)(((x3 / x2) < sqrtf(x3)));
  out[2] = __float_as_uint(x1);
  out[3] = (unsigned long long)__double_as_longlong(y0);
}
__global__ void k14(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(((__fadd_rn(x3, x5) - (x3 <= 1.0f ? x4 : x3)) * ((x4 * 0.1f) * ((float)0.1))));
  out[1] = __float_as_uint((rintf(ceilf(1e30f)) - __fmul_ru((1.0f == x2 ? x5 : x5), __saturatef(x4))));
  out[2] = (unsigned long long)__double_as_longlong(__ddiv_ru(fmin(1e-300, ((double)x2)), y1));
  out[3] = __float_as_uint((x2 - floorf((x0 - x0))));
}
__global__ void k15(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(((x4 * x0) * (x2 + x4)));
  out[1] = __float_as_uint(sqrtf(1e30f));
  out[2] = __float_as_uint((x4 - sqrtf(((float)((double)x1)))));
  out[3] = __float_as_uint(__saturatef(sqrtf(x1)));
}
__global__ void k16(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(((x2 + x2) * x2));
  out[1] = __float_as_uint(0.1f);
  out[2] = (unsigned long long)__double_as_longlong(y0);
  out[3] = __float_as_uint(__double2float_ru(((double)x2)));
}
__global__ void k17(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned long long)__double_as_longlong(((((double)x3) * y2) + sqrt(y2)));
  out[1] = (unsigned)(__double2int_ru(y2));
  out[2] = (unsigned long long)__double_as_longlong(y0);
  out[3] = __float_as_uint((-(x0)));
}
__global__ void k18(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned)(__float2int_ru((-((x3 + x5)))));
  out[1] = __float_as_uint((__fadd_ru(x3, (-(0.5f))) / __fsqrt_rz(((float)((double)x2)))));
  out[2] = (unsigned long long)__double_as_longlong(__fma_rd(y1, ((double)1e30f), sqrt(((double)x0))));
  out[3] = __float_as_uint((x2 >= x3 ? x5 : x5));
}
__global__ void k19(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned long long)__double_as_longlong(y2);
  out[1] = __float_as_uint(x1);
  out[2] = (unsigned long long)__double_as_longlong(sqrt(y0));
  out[3] = __float_as_uint(__double2float_ru(__fma_rn((((double)x2) * ((double)x1)), ((double)0.1f), (((double)x0) * 0.1))));
}
__global__ void k20(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint((x1 - x4));
  out[1] = (unsigned)((__fsqrt_rn(x0) <= (x0 * x1)));
  out[2] = __float_as_uint((x5 + x0));
  out[3] = (unsigned)((__fmaf_rd(x0, x1, x0) >= (x1 * x3)));
}
__global__ void k21(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(sqrtf(x3));
  out[1] = (unsigned)(__double2int_rn(0.1));
  out[2] = __float_as_uint((__double2float_ru(0.1) + (x3 - x2)));
  out[3] = (unsigned)((int)__float2uint_ru(fabsf((x1 * x3))));
}
__global__ void k22(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned)((int)__float2uint_rd((x5 + x0)));
  out[1] = __float_as_uint(__saturatef(x0));
  out[2] = (unsigned)(__float2int_rz(sqrtf(x2)));
  out[3] = (unsigned long long)__double_as_longlong((__ddiv_rz(floor(y2), 1e-300) / 0.1));
}
__global__ void k23(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned)(__double2int_rz((trunc(y1) * y2)));
  out[1] = __float_as_uint((__double2float_rn(__dadd_rn(y0, y0)) - x2));
  out[2] = __float_as_uint(__fmaf_rn(__int2float_rn((int)__float2uint_rn(x1)), (1.0f / (x4 / x0)), sqrtf(__fsqrt_rn(x1))));
  out[3] = __float_as_uint(1.0f);
}
__global__ void k24(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(__fmul_rz(__fsqrt_ru(x2), __saturatef(x3)));
  out[1] = __float_as_uint(__double2float_ru(__dmul_rd(y2, 1e-300)));
  out[2] = __float_as_uint((__fsqrt_ru((x4 + x2)) + (__saturatef(x5) >= __double2float_rd(0.1) ? __fsqrt_ru(x2) : ((float)((double)x1)))));
  out[3] = __float_as_uint((x1 != x0 ? 1e-30f : x3));
}
__global__ void k25(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned)((int)__float2uint_rn(__saturatef(x3)));
  out[1] = __float_as_uint(__double2float_rn(0.1));
  out[2] = (unsigned)(__float2int_rn(x4));
  out[3] = __float_as_uint(x0);
}
__global__ void k26(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = __float_as_uint(sqrtf(ceilf(x3)));
  out[1] = (unsigned)(__double2int_rz(((double)x0)));
  out[2] = (unsigned)(((__fsub_ru(0.1f, x5) * x2) == ((-(x5)) - fminf(x3, x4))));
  out[3] = __float_as_uint(__double2float_rn(((0.1 * 0.1) + y1)));
}
__global__ void k27(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned)((int)__float2uint_ru(__fmaf_rn(truncf(x0), ((float)0.1), __fmul_ru(x5, x3))));
  out[1] = (unsigned long long)__double_as_longlong(__fma_rn(y0, y0, y1));
  out[2] = __float_as_uint(fabsf((__fmaf_rn(x0, x0, x5) * (x2 * x3))));
  out[3] = __float_as_uint((__int2float_rd((int)__float2uint_rz(0.1f)) - x3));
}
__global__ void k28(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned long long)__double_as_longlong(ceil((fmax(((double)x4), y2) * y1)));
  out[1] = __float_as_uint(__fadd_rd(((float)1e-300), (x5 / x1)));
  out[2] = __float_as_uint((__saturatef(x3) + x4));
  out[3] = __float_as_uint(x5);
}
__global__ void k29(const float *x, const double *y, unsigned long long *out) {
  const volatile float *vx = x;
  const volatile double *vy = y;
  float x0 = vx[0];
  float x1 = vx[1];
  float x2 = vx[2];
  float x3 = vx[3];
  float x4 = vx[4];
  float x5 = vx[5];
  double y0 = vy[0];
  double y1 = vy[1];
  double y2 = vy[2];
  out[0] = (unsigned)(((fabsf(x4) / __saturatef(x2)) == x3));
  out[1] = (unsigned)(__double2int_rn(y0));
  out[2] = (unsigned long long)__double_as_longlong(fmin(fmax(__ddiv_rn(0.1, 0.1), ((double)(0.1f != x2))), (fmax(y2, 1e-300) + rint(0.1))));
  out[3] = (unsigned)((int)__float2uint_rn(fmaxf(__saturatef(x0), fabsf(x3))));
}

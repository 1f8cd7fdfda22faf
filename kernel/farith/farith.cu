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
  out[1] = (unsigned long long)__double_as_longlong(__fma_rn((y2 - y1), ((double)__double2int_rd(((double)x0))), round(((double)x3))));
  out[2] = __float_as_uint((x5 / x3));
  out[3] = __float_as_uint(__saturatef(0.1f));
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
  out[0] = __float_as_uint((x5 + __double2float_ru(1e-300)));
  out[1] = (unsigned)(((__uint2float_rz((unsigned)(x1 < 0.1f)) - (x4 * x0)) == __fsub_rn(__double2float_rz(((double)x1)), ((float)1e-300))));
  out[2] = __float_as_uint(((float)((double)x3)));
  out[3] = __float_as_uint(__fsqrt_rn(__fsqrt_rn(x2)));
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
  out[0] = __float_as_uint(fminf(fabsf(x3), fminf(x5, x3)));
  out[1] = (unsigned)((int)__float2uint_rz(sqrtf(x1)));
  out[2] = (unsigned)(((fmaxf(x1, x3) * __uint2float_rd((unsigned)(int)__float2uint_rn(x2))) != fabsf(-3.0f)));
  out[3] = __float_as_uint(((float)1e-300));
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
  out[0] = __float_as_uint((rintf(__fadd_rd(x0, x2)) / __fmaf_ru((x4 + x4), x0, x2)));
  out[1] = __float_as_uint(__fdiv_rd(__fmaf_rz(1.0f, 1e30f, x5), sqrtf(x1)));
  out[2] = (unsigned long long)__double_as_longlong(sqrt((((double)__float2int_ru(1e30f)) * y0)));
  out[3] = (unsigned)((int)__float2uint_rz(__fsqrt_ru(x1)));
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
  out[0] = __float_as_uint(sqrtf(x3));
  out[1] = (unsigned)((int)__float2uint_rn(ceilf(x5)));
  out[2] = __float_as_uint(((float)copysign(((double)x5), (y2 / ((double)x5)))));
  out[3] = (unsigned long long)__double_as_longlong(y2);
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
  out[0] = (unsigned long long)__double_as_longlong(0.1);
  out[1] = __float_as_uint(x2);
  out[2] = __float_as_uint(((float)fmax(0.1, y2)));
  out[3] = (unsigned)(__float2int_rn((((float)y1) * 1e-30f)));
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
  out[0] = (unsigned)(__double2int_ru(((double)(x5 >= x2))));
  out[1] = (unsigned long long)__double_as_longlong(__fma_ru(y0, ((double)(x0 != x3)), __fma_rz(1e-300, ((double)x0), y2)));
  out[2] = (unsigned long long)__double_as_longlong((((double)__double2float_rd(y1)) * __ddiv_ru(fmin(y2, y2), y0)));
  out[3] = __float_as_uint(__fmaf_rz(x2, x5, __double2float_ru(fmax(y1, 1e-300))));
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
  out[0] = (unsigned long long)__double_as_longlong(copysign(__fma_ru(y1, 0.1, y1), fmin(y0, 0.1)));
  out[1] = __float_as_uint((copysignf(__fsqrt_rz(1e-30f), sqrtf(x5)) + (((float)y0) - __fsub_rd(x1, x1))));
  out[2] = (unsigned)(__float2int_ru(__fadd_rd(__fmaf_rz(1.0f, x0, x0), truncf(1.0f))));
  out[3] = __float_as_uint(__fmaf_rz(x1, x5, 1.0f));
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
  out[0] = (unsigned)((int)__float2uint_rz(-3.0f));
  out[1] = __float_as_uint(x5);
  out[2] = (unsigned)((int)__float2uint_ru(__fdiv_rn(x3, x2)));
  out[3] = __float_as_uint((x2 == x5 ? 1e30f : x2));
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
  out[0] = __float_as_uint((0.1f * 0.1f));
  out[1] = (unsigned)(__float2int_rz(sqrtf(x3)));
  out[2] = (unsigned long long)__double_as_longlong((y2 - 1e-300));
  out[3] = __float_as_uint((__saturatef(x5) <= __uint2float_rd((unsigned)__float2int_rd(x1)) ? __fmaf_rn(1e-30f, x1, x4) : fmaxf(x3, x3)));
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
  out[0] = __float_as_uint(1.0f);
  out[1] = __float_as_uint((__saturatef(x4) - (-(x0))));
  out[2] = __float_as_uint((fminf(0.5f, 1.0f) * (x1 * 0.1f)));
  out[3] = __float_as_uint(fminf(copysignf(x3, x2), (x3 != x2 ? x4 : x0)));
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
  out[0] = __float_as_uint(((fmaxf(x5, x0) != (x1 / 1e-30f) ? __double2float_rn(y0) : ((float)y0)) / x4));
  out[1] = (unsigned)(((x1 / x0) >= ((float)1e-300)));
  out[2] = (unsigned)(__double2int_ru(((1e-300 + ((double)x5)) - y2)));
  out[3] = __float_as_uint(sqrtf(-3.0f));
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
  out[0] = (unsigned)((int)__float2uint_ru(x4));
  out[1] = __float_as_uint(sqrtf(__fsqrt_rd(0.5f)));
  out[2] = (unsigned long long)__double_as_longlong(y2);
  out[3] = (unsigned long long)__double_as_longlong(0.1);
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
  out[0] = __float_as_uint(__fmaf_rd(x4, x4, x2));
  out[1] = __float_as_uint(__double2float_rd(((double)x1)));
  out[2] = __float_as_uint(x0);
  out[3] = __float_as_uint(-3.0f);
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
  out[0] = (unsigned long long)__double_as_longlong(y2);
  out[1] = __float_as_uint(__double2float_ru(y2));
  out[2] = __float_as_uint(__saturatef((x4 / x0)));
  out[3] = (unsigned)((__saturatef(x3) < __fmaf_rn(1e30f, x4, x0)));
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
  out[0] = __float_as_uint(((x4 * 0.1f) * ((float)0.1)));
  out[1] = __float_as_uint((roundf(__fmaf_ru(1e30f, x3, x4)) - (1e-30f > (x5 / 0.1f) ? __fsqrt_rn(x2) : __fsqrt_ru(x0))));
  out[2] = (unsigned long long)__double_as_longlong((__dadd_rn(0.1, y2) + trunc(1e-300)));
  out[3] = __float_as_uint(__saturatef(1e30f));
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
  out[0] = __float_as_uint((0.5f * x5));
  out[1] = __float_as_uint((x2 + x4));
  out[2] = __float_as_uint(sqrtf(1e30f));
  out[3] = __float_as_uint((x4 - sqrtf(((float)((double)x1)))));
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
  out[0] = __float_as_uint((x3 / ((x2 + x2) * x2)));
  out[1] = __float_as_uint(0.1f);
  out[2] = (unsigned long long)__double_as_longlong(y0);
  out[3] = __float_as_uint(__double2float_ru(((double)x2)));
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
  out[0] = (unsigned long long)__double_as_longlong(((((double)x3) * y2) + sqrt(y2)));
  out[1] = (unsigned)(__double2int_ru(y2));
  out[2] = (unsigned long long)__double_as_longlong(y0);
  out[3] = __float_as_uint(fabsf(x0));
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
  out[0] = __float_as_uint(__fsub_ru(__fdiv_rn((x3 + x5), __double2float_rd(1e-300)), ((x3 > x1 ? 0.5f : x3) / sqrtf(1e30f))));
  out[1] = (unsigned long long)__double_as_longlong(trunc(0.1));
  out[2] = (unsigned)(__double2int_rz(fmin(sqrt(((double)x0)), y2)));
  out[3] = (unsigned)((x2 != x0));
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
  out[0] = __float_as_uint(floorf(0.5f));
  out[1] = __float_as_uint(__int2float_rn(__double2int_rz(((double)x2))));
  out[2] = __float_as_uint((x4 * x4));
  out[3] = __float_as_uint(x0);
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
  out[0] = __float_as_uint((-(x3)));
  out[1] = __float_as_uint(x0);
  out[2] = __float_as_uint((x2 - x0));
  out[3] = (unsigned)((__fmaf_rd(x0, x1, x0) >= (x1 * x3)));
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
  out[0] = __float_as_uint(sqrtf(x3));
  out[1] = (unsigned)(__double2int_rn(0.1));
  out[2] = __float_as_uint((__double2float_ru(0.1) + (x3 - x2)));
  out[3] = (unsigned)((int)__float2uint_ru(fabsf((x1 * x3))));
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
  out[0] = (unsigned)(__float2int_rd(x0));
  out[1] = (unsigned)(__float2int_rz(sqrtf(x2)));
  out[2] = (unsigned long long)__double_as_longlong((__ddiv_rz(fabs(0.1), y0) / __dadd_rn(((double)x4), ((double)(int)__float2uint_ru(x1)))));
  out[3] = (unsigned)(__double2int_rn(y2));
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
  out[0] = (unsigned)(__float2int_rz(ceilf(x1)));
  out[1] = __float_as_uint(__fadd_rd((x0 + x1), x1));
  out[2] = __float_as_uint(fminf(x2, x2));
  out[3] = __float_as_uint(sqrtf(floorf(x4)));
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
  out[0] = __float_as_uint((sqrtf(x1) / __fsqrt_rz(x3)));
  out[1] = (unsigned)(__float2int_ru(__fmul_rz(__fsqrt_ru(x2), __saturatef(x3))));
  out[2] = __float_as_uint(__double2float_ru(__dmul_rd(y2, 1e-300)));
  out[3] = __float_as_uint((__fsqrt_ru((x4 + x2)) + (__saturatef(x5) >= __double2float_rd(0.1) ? __fsqrt_ru(x2) : ((float)((double)x1)))));
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
  out[0] = __float_as_uint(__fsqrt_ru(-3.0f));
  out[1] = __float_as_uint(fminf((x4 <= 1e-30f ? 0.1f : 1.0f), (0.5f / x4)));
  out[2] = (unsigned)(__float2int_rz(sqrtf(x1)));
  out[3] = __float_as_uint(__fmaf_rz(x4, x2, x4));
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
  out[0] = (unsigned)(__double2int_rd(copysign(__dmul_rd(y2, 1e-300), (((double)x2) / 1e-300))));
  out[1] = (unsigned)(__double2int_rz(y2));
  out[2] = __float_as_uint(x1);
  out[3] = (unsigned)((int)__float2uint_rz(((-(x2)) * x1)));
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
  out[0] = (unsigned)((int)__float2uint_ru(__fmaf_rn(truncf(x0), ((float)0.1), __fmul_ru(x5, x3))));
  out[1] = (unsigned long long)__double_as_longlong(__fma_rn(y0, y0, y1));
  out[2] = __float_as_uint((-(sqrtf((x5 - x2)))));
  out[3] = (unsigned long long)__double_as_longlong(__fma_rn(sqrt(y2), fmax(((double)x2), y2), ((double)x2)));
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
  out[0] = (unsigned)((int)__float2uint_ru(__fadd_rd(x4, x1)));
  out[1] = __float_as_uint((-(__fsqrt_rz(__fsqrt_rn(x4)))));
  out[2] = __float_as_uint((x1 + x4));
  out[3] = (unsigned long long)__double_as_longlong(y0);
}

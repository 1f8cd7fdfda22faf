#include <cstdio>
__global__ void k0(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((!((unsigned)x5)));
  out[1] = (unsigned long long)(((unsigned)0 - (unsigned)((int)((unsigned)((((int)x3) ^ ((unsigned char)x5)) ^ ((unsigned)((unsigned short)x2))) + (unsigned)(!(((long long)x3) / 16))))));
  out[2] = (unsigned long long)((((~((int)((unsigned long long)x3))) >= (~(((unsigned char)x2) % 100))) && (((((short)x5) & ((unsigned short)x3)) % pn) <= ((unsigned)x3))));
  out[3] = (unsigned long long)((!(((int)((unsigned)((unsigned)0 - (unsigned)((unsigned char)x4)) + (unsigned)(~((long long)x4)))) != (((unsigned)0 - (unsigned)((signed char)x2)) >> ((((int)x3) / 3) & 31))) || !(((unsigned)((unsigned)((unsigned short)x3) * (unsigned)(~((unsigned)x2)))) > ((unsigned long long)x4))));
}
__global__ void k1(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((!((long long)x1)) / 10));
  out[1] = (unsigned long long)((~(((short)x3) % pq)));
  out[2] = (unsigned long long)((~((unsigned short)x5)));
  out[3] = (unsigned long long)((((unsigned long long)x2) << (((short)x0) & 63)));
}
__global__ void k2(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((long long)x2) % pm));
  out[1] = (unsigned long long)(((((int)((unsigned)(((unsigned)0 - (unsigned)((signed char)x3)) != (((short)x4) % pn) ? ((int)((unsigned)((unsigned short)x2) - (unsigned)((unsigned)x2))) : (((short)x4) % pn)) + (unsigned)((int)((unsigned)(((int)x1) <= ((unsigned)x5) ? ((unsigned)x4) : ((unsigned)x5)) * (unsigned)((unsigned short)x1))))) < (((long long)((unsigned long long)x3)) == ((short)x0) ? ((((unsigned)x5) >> (((int)x1) & 31)) / 25) : ((short)x0))) && ((((signed char)x5) % pn) <= ((!(((long long)x0) % pq)) % pm))));
  out[2] = (unsigned long long)((((unsigned long long)x3) != (!(((unsigned char)x4) <= (((long long)x4) <= ((int)x5) ? ((long long)x2) : ((int)x5))) || ((!((int)x5)) < (((long long)x4) / 5))) ? ((short)x2) : (!(((unsigned char)x4) <= (((long long)x4) <= ((int)x5) ? ((long long)x2) : ((int)x5))) || ((!((int)x5)) < (((long long)x4) / 5)))));
  out[3] = (unsigned long long)((~((unsigned long long)x0)));
}
__global__ void k3(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((((signed char)x3) >= ((long long)x1) ? ((long long)x5) : ((long long)x1)) <= (((unsigned short)x0) > ((unsigned char)x2) ? ((short)x1) : ((unsigned char)x2)) ? (((unsigned)x4) >> (((short)x2) & 31)) : (((unsigned short)x0) > ((unsigned char)x2) ? ((short)x1) : ((unsigned char)x2))) % 65537) / 10));
  out[1] = (unsigned long long)(((~((unsigned)((unsigned)((((short)x0) <= ((int)x2)) && (((short)x4) >= ((unsigned short)x4))) + (unsigned)((unsigned char)x1)))) / pm));
  out[2] = (unsigned long long)(((long long)x4));
  out[3] = (unsigned long long)(((((long long)x3) % pq) / 6));
}
__global__ void k4(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((!(((signed char)x1) == ((unsigned char)x5)) && !(((unsigned long long)x2) < ((unsigned short)x4))) ? ((long long)x2) : ((int)x5)));
  out[1] = (unsigned long long)(((unsigned short)x0));
  out[2] = (unsigned long long)(((int)((unsigned)((unsigned)x1) + (unsigned)((unsigned short)((unsigned long long)x1)))));
  out[3] = (unsigned long long)((((~(!((unsigned char)x4))) / 2) >= ((unsigned)((short)x1)) ? ((~(!((long long)x0))) / pq) : ((unsigned)((short)x1))));
}
__global__ void k5(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((~((unsigned char)x1)));
  out[1] = (unsigned long long)(((unsigned)((unsigned)(((unsigned)((unsigned)(((short)x1) % pm) * (unsigned)((unsigned)0 - (unsigned)((unsigned short)x0)))) % 1000003) * (unsigned)(!(((int)x1) >= ((unsigned)x5) ? ((int)((unsigned)((unsigned char)x2) + (unsigned)((int)x4))) : ((unsigned)x5))))));
  out[2] = (unsigned long long)(((int)x2));
  out[3] = (unsigned long long)((((!((unsigned long long)0 - (unsigned long long)((unsigned long long)x4))) % pq) | (((unsigned long long)x4) << (((((((long long)x5) < ((unsigned)x3)) || !(((long long)x0) > ((unsigned long long)x4))) ? ((unsigned)x4) : ((int)x1)) == (((unsigned char)x5) ^ ((signed char)x5)) ? (((int)x0) <= ((short)x5) ? ((signed char)x0) : ((short)x5)) : (((unsigned char)x5) ^ ((signed char)x5))) & 63))));
}
__global__ void k6(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((!(~((unsigned)x0))));
  out[1] = (unsigned long long)(((long long)((int)((unsigned)(((unsigned long long)x0) & ((unsigned char)x2)) * (unsigned)(((unsigned char)x3) % 25)))));
  out[2] = (unsigned long long)(((long long)((short)x4)));
  out[3] = (unsigned long long)((((((int)((unsigned)(((unsigned short)x4) % pq) - (unsigned)((signed char)x3))) >= (((signed char)x4) / pn)) || !(((!(((unsigned short)x1) < ((long long)((unsigned long long)((unsigned)x0) - (unsigned long long)((long long)x2)))) || (((unsigned char)x1) != (((unsigned)x0) << (((unsigned long long)x2) & 31)))) != ((unsigned short)(((int)x0) >> (((unsigned char)x5) & 31))) ? ((signed char)x0) : ((unsigned short)(((int)x0) >> (((unsigned char)x5) & 31)))) < ((unsigned)x5))) ? ((int)((unsigned)((unsigned)0 - (unsigned)(((signed char)x2) % 2)) * (unsigned)((unsigned)0 - (unsigned)(((long long)x1) % 3)))) : ((short)x4)));
}
__global__ void k7(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((((signed char)x2) == (~((unsigned)0 - (unsigned)((int)((unsigned)((signed char)x2) - (unsigned)((unsigned short)x5)))))) || !((((unsigned short)(((short)x5) / 3)) & ((unsigned)0 - (unsigned)(((int)x5) & ((long long)x2)))) == (((long long)((unsigned long long)(((signed char)x2) / pn) + (unsigned long long)((unsigned long long)((long long)x2) << (((signed char)x4) & 63)))) / pn))) ? ((signed char)x3) : ((unsigned)x3)));
  out[1] = (unsigned long long)(((((short)x0) <= ((unsigned long long)x4)) && !(((unsigned)x2) > ((unsigned)x2))));
  out[2] = (unsigned long long)(((short)x1));
  out[3] = (unsigned long long)(((unsigned)0 - (unsigned)((unsigned char)x5)));
}
__global__ void k8(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((long long)((unsigned long long)(((unsigned)((unsigned)x5)) << (((((unsigned)x3) > ((unsigned short)x3)) || (((int)x1) > ((short)x0))) & 31)) + (unsigned long long)((unsigned long long)x2))));
  out[1] = (unsigned long long)((!((unsigned short)x3)));
  out[2] = (unsigned long long)((!(((unsigned char)x4) != ((unsigned char)x5)) || !(((unsigned short)x0) >= ((unsigned long long)x2))));
  out[3] = (unsigned long long)((((signed char)x0) / pm));
}
__global__ void k9(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)((unsigned)((unsigned char)x5) * (unsigned)((unsigned)(!(((short)x1) >= ((short)x3)) && ((((signed char)x0) / 1000) >= ((unsigned)0 - (unsigned)((unsigned char)x4))))))));
  out[1] = (unsigned long long)((((((signed char)x3) % pn) / pq) % pq));
  out[2] = (unsigned long long)(((((long long)x2) % 12) % 12));
  out[3] = (unsigned long long)(((int)((unsigned)((int)x0) * (unsigned)((int)x0))));
}
__global__ void k10(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned char)x4) / 3));
  out[1] = (unsigned long long)(((int)x1));
  out[2] = (unsigned long long)(((unsigned char)((unsigned char)x1)));
  out[3] = (unsigned long long)((((unsigned long long)x1) <= ((unsigned)x0) ? ((unsigned char)x3) : ((unsigned)x0)));
}
__global__ void k11(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned char)x1) % 7919));
  out[1] = (unsigned long long)((((unsigned)x2) | ((unsigned)x1)));
  out[2] = (unsigned long long)((!((((((signed char)x0) > ((unsigned long long)x3) ? ((signed char)x0) : ((unsigned long long)x3)) / 6) % pn) == (!((int)x3))) || (((long long)x1) > ((((unsigned long long)((unsigned long long)((unsigned long long)x0) + (unsigned long long)((unsigned short)x5))) != (((signed char)x0) / pq) ? (((unsigned)x3) / pm) : (((signed char)x0) / pq)) / pm))));
  out[3] = (unsigned long long)(((unsigned)((unsigned)((((unsigned long long)((unsigned long long)((int)x1) - (unsigned long long)((long long)x1))) & ((long long)x2)) == (((long long)x2) / pn) ? (((((unsigned short)x1) == (((long long)x0) / pq)) || !((((unsigned char)x3) / 9) != (((long long)x2) == ((signed char)x2) ? ((unsigned short)x5) : ((signed char)x2)))) ? (((long long)x0) % 9) : (~((signed char)x3))) : (((long long)x2) / pn)) - (unsigned)((((unsigned short)((int)x5)) % 25) % pm))));
}
__global__ void k12(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)0 - (unsigned)(((unsigned char)x1) / pn)));
  out[1] = (unsigned long long)(((int)x1));
  out[2] = (unsigned long long)((((unsigned char)x5) == ((int)x0) ? (((!(((long long)x1) < ((unsigned char)x0)) && !((((long long)x3) % pn) < (!((int)x1)))) ? (((short)x3) % pn) : ((unsigned)x1)) % pm) : ((int)x0)));
  out[3] = (unsigned long long)(((unsigned)0 - (unsigned)((short)((!(((unsigned)((int)x0) << (((unsigned long long)x1) & 31)) != ((signed char)x5)) && !(((unsigned long long)0 - (unsigned long long)((long long)x1)) >= ((unsigned)x1))) ? ((!(((unsigned short)x1) < ((long long)x1)) || (((long long)x2) >= ((signed char)x2))) ? ((signed char)x3) : ((short)x1)) : ((unsigned short)((signed char)x0))))));
}
__global__ void k13(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned short)x3) == ((unsigned long long)x5) ? ((long long)x5) : ((unsigned long long)x5)));
  out[1] = (unsigned long long)(((unsigned short)x1));
  out[2] = (unsigned long long)((((long long)x5) % pq));
  out[3] = (unsigned long long)(((unsigned char)x3));
}
__global__ void k14(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned short)x2) > ((long long)x3) ? ((short)x1) : ((long long)x3)));
  out[1] = (unsigned long long)(((signed char)((signed char)x4)));
  out[2] = (unsigned long long)(((signed char)x5));
  out[3] = (unsigned long long)(((!(((unsigned long long)x1) == ((unsigned char)x0)) || !(((unsigned long long)x2) < ((int)x5))) ? ((unsigned long long)x3) : ((signed char)x5)));
}
__global__ void k15(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned long long)x2) % 1000003));
  out[1] = (unsigned long long)(((!(!((unsigned)0 - (unsigned)((signed char)x4)))) / pn));
  out[2] = (unsigned long long)(((unsigned char)x2));
  out[3] = (unsigned long long)(((int)x4));
}
__global__ void k16(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned char)x0));
  out[1] = (unsigned long long)(((((unsigned)x0) % 25) & ((unsigned long long)x3)));
  out[2] = (unsigned long long)(((unsigned short)x2));
  out[3] = (unsigned long long)(((~((unsigned)x3)) % pm));
}
__global__ void k17(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((signed char)x2) / 3) / 6));
  out[1] = (unsigned long long)(((long long)((unsigned long long)(((unsigned short)x3) <= ((((unsigned)x2) < ((unsigned long long)x5) ? ((int)x0) : ((unsigned long long)x5)) / 65537) ? ((unsigned long long)x2) : ((((unsigned)x2) < ((unsigned long long)x5) ? ((int)x0) : ((unsigned long long)x5)) / 65537)) - (unsigned long long)((long long)x1))));
  out[2] = (unsigned long long)(((int)((unsigned)(!((short)x1)) * (unsigned)(((unsigned)((unsigned char)x1) << (((unsigned short)x2) & 31)) | (((unsigned long long)x4) % 9)))));
  out[3] = (unsigned long long)(((unsigned)0 - (unsigned)((unsigned short)x2)));
}
__global__ void k18(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)((signed char)((int)x4)) << (((unsigned)x5) & 31)));
  out[1] = (unsigned long long)((((unsigned)0 - (unsigned)((((unsigned char)x2) >> (((unsigned long long)x2) & 31)) / pn)) >> (((!(((unsigned)x1) / 25)) % 12) & 31)));
  out[2] = (unsigned long long)((((int)x3) % pm));
  out[3] = (unsigned long long)((~(!((unsigned)x3))));
}
__global__ void k19(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((~(((unsigned char)x1) / 7)));
  out[1] = (unsigned long long)(((unsigned)((unsigned)((short)x5) - (unsigned)((unsigned)x4))));
  out[2] = (unsigned long long)(((unsigned char)x5));
  out[3] = (unsigned long long)((((short)x2) / pm));
}
__global__ void k20(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((~((int)x3)));
  out[1] = (unsigned long long)((((signed char)x3) >> (((unsigned char)x1) & 31)));
  out[2] = (unsigned long long)(((!(((unsigned char)((unsigned char)x4)) == (((short)x3) ^ ((unsigned)x4))) && !(((long long)((unsigned long long)((unsigned long long)x4) * (unsigned long long)((unsigned char)x5))) != ((int)((long long)x1)))) ? (((int)x5) % 1000003) : (((int)x2) == ((unsigned long long)x2) ? ((short)x3) : ((unsigned long long)x2))));
  out[3] = (unsigned long long)(((unsigned short)x1));
}
__global__ void k21(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((~((unsigned)x3)));
  out[1] = (unsigned long long)((((unsigned)0 - (unsigned)(~((unsigned)0 - (unsigned)((signed char)x0)))) % 25));
  out[2] = (unsigned long long)(((long long)((unsigned long long)((long long)x0) * (unsigned long long)((unsigned)0 - (unsigned)(!((((unsigned short)x3) % pq) < ((unsigned)x5)) && !(((unsigned long long)x1) == ((unsigned long long)x4)))))));
  out[3] = (unsigned long long)((((signed char)x0) % 1000003));
}
__global__ void k22(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((((unsigned long long)x4) == ((long long)x5) ? ((unsigned short)x1) : ((long long)x5)) >= ((int)((unsigned)((int)x3) - (unsigned)((short)x0)))) || (((unsigned short)x3) >= (((unsigned)x4) / 9))) ? (((unsigned long long)x5) >= ((long long)x5) ? ((signed char)x0) : ((long long)x5)) : (((unsigned long long)x1) % pn)));
  out[1] = (unsigned long long)((((short)x4) >> (((long long)x5) & 31)));
  out[2] = (unsigned long long)(((short)x0));
  out[3] = (unsigned long long)(((unsigned short)x1));
}
__global__ void k23(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned short)x4));
  out[1] = (unsigned long long)(((unsigned)x0));
  out[2] = (unsigned long long)(((unsigned short)((unsigned char)x4)));
  out[3] = (unsigned long long)(((unsigned short)x5));
}
__global__ void k24(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((!(((unsigned char)x2) < ((short)x1)) || !((((short)x4) / pq) == ((unsigned)0 - (unsigned)((unsigned char)x0)))) % pq));
  out[1] = (unsigned long long)(((signed char)x0));
  out[2] = (unsigned long long)(((unsigned long long)x0));
  out[3] = (unsigned long long)((((short)x1) % 5));
}
__global__ void k25(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((int)x0) / 9));
  out[1] = (unsigned long long)((((unsigned)0 - (unsigned)(~((int)x2))) / 10));
  out[2] = (unsigned long long)((((unsigned)((unsigned)((int)x2) - (unsigned)(((int)x4) | (((int)x3) <= ((signed char)x1) ? ((unsigned short)x2) : ((signed char)x1))))) / pm));
  out[3] = (unsigned long long)(((((int)x3) > ((unsigned long long)x5) ? ((signed char)x4) : ((unsigned long long)x5)) != (((long long)x0) / pq) ? (((unsigned)x5) % pq) : (((long long)x0) / pq)));
}
__global__ void k26(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)0 - (unsigned)(!(((long long)x5) / 5))));
  out[1] = (unsigned long long)((((signed char)x5) % 16));
  out[2] = (unsigned long long)(((((unsigned short)x4) % pm) % pq));
  out[3] = (unsigned long long)((((signed char)x5) >> (((long long)x5) & 31)));
}
__global__ void k27(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)((unsigned char)x5)));
  out[1] = (unsigned long long)(((int)x0));
  out[2] = (unsigned long long)((((int)x2) >> (((unsigned char)x0) & 31)));
  out[3] = (unsigned long long)((((unsigned long long)x4) >> (((long long)x0) & 63)));
}
__global__ void k28(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((short)x4) / pm) % pm));
  out[1] = (unsigned long long)(((!(((unsigned)x5) >= ((unsigned short)x0)) || !(((!(((unsigned)0 - (unsigned)(!((short)x3))) == (!((!((signed char)x2)) == ((short)x3)) || !(((unsigned)0 - (unsigned)((unsigned short)x3)) == ((short)x2)))) && !((((unsigned)0 - (unsigned)((unsigned char)x2)) / pn) > (((int)((signed char)x5)) / 9))) ? (((unsigned long long)((unsigned long long)((long long)x1) - (unsigned long long)((int)x3))) / pq) : ((short)x1)) == (((unsigned)0 - (unsigned)(((signed char)x4) % pn)) % pm))) ? ((unsigned short)x4) : (~((long long)x1))));
  out[2] = (unsigned long long)((~(((int)x4) % pm)));
  out[3] = (unsigned long long)(((unsigned short)x4));
}
__global__ void k29(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((long long)x0) % 7919) / pn));
  out[1] = (unsigned long long)((((short)x5) % pn));
  out[2] = (unsigned long long)(((unsigned)0 - (unsigned)((unsigned char)x5)));
  out[3] = (unsigned long long)(((unsigned)x2));
}

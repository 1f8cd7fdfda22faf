#include <cstdio>
__global__ void k0(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__clzll((long long)((unsigned)x5))));
  out[1] = (unsigned long long)((__funnelshift_rc((unsigned)((unsigned)((unsigned)((((int)x3) % 7) % 9) * (unsigned)(__byte_perm((unsigned)((((unsigned)((int)x2)) << 14) | (((unsigned)((int)x2)) >> 18)), (unsigned)((unsigned char)x4), (unsigned)((((unsigned long long)((signed char)x3)) >> 61) & 0xfffffull) & 0x7777)))), (unsigned)((__brevll((unsigned long long)(((signed char)x5) % 2))) ^ ((((unsigned)(((short)x5) % pm)) << 21) | (((unsigned)(((short)x5) % pm)) >> 11))), (unsigned)((unsigned)(__brevll((unsigned long long)(__popcll((unsigned long long)((int)x3)))))))));
  out[2] = (unsigned long long)((!((unsigned short)x5)));
  out[3] = (unsigned long long)((__funnelshift_l((unsigned)(__popcll((unsigned long long)(((unsigned long long)x4) % 5))), (unsigned)((signed char)x0), (unsigned)(((unsigned)((int)((unsigned)((unsigned char)x0) - (unsigned)((short)x2))) & 0xff) | (((unsigned)(__popcll((unsigned long long)((long long)x3))) & 0xff) << 8) | (((unsigned)(~((unsigned)x5)) & 0xff) << 16) | ((unsigned)((long long)x5) << 24)))));
}
__global__ void k1(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((unsigned)(((!((unsigned char)x3)) >= ((((unsigned char)x4) == ((unsigned)x3)) && !(((unsigned)x2) == ((unsigned long long)x1))) ? (((unsigned)((int)x1) & 0xff) | (((unsigned)((long long)x2) & 0xff) << 8) | (((unsigned)((unsigned long long)x4) & 0xff) << 16) | ((unsigned)((short)x0) << 24)) : ((((unsigned char)x4) == ((unsigned)x3)) && !(((unsigned)x2) == ((unsigned long long)x1)))) >> (((((unsigned)((((unsigned)((short)x2)) << 9) | (((unsigned)((short)x2)) >> 23))) << 2) | (((unsigned)((((unsigned)((short)x2)) << 9) | (((unsigned)((short)x2)) >> 23))) >> 30)) & 31))) << 14) | (((unsigned)(((!((unsigned char)x3)) >= ((((unsigned char)x4) == ((unsigned)x3)) && !(((unsigned)x2) == ((unsigned long long)x1))) ? (((unsigned)((int)x1) & 0xff) | (((unsigned)((long long)x2) & 0xff) << 8) | (((unsigned)((unsigned long long)x4) & 0xff) << 16) | ((unsigned)((short)x0) << 24)) : ((((unsigned char)x4) == ((unsigned)x3)) && !(((unsigned)x2) == ((unsigned long long)x1)))) >> (((((unsigned)((((unsigned)((short)x2)) << 9) | (((unsigned)((short)x2)) >> 23))) << 2) | (((unsigned)((((unsigned)((short)x2)) << 9) | (((unsigned)((short)x2)) >> 23))) >> 30)) & 31))) >> 18)));
  out[1] = (unsigned long long)(((int)((unsigned)(!(((unsigned)x0) < ((unsigned)x0)) && !(((((unsigned)((short)x5)) >> 8) & 0xfff) <= (~((unsigned long long)x3)))) * (unsigned)((short)x0))));
  out[2] = (unsigned long long)((!(((unsigned)x5) >= (__funnelshift_rc((unsigned)((short)x4), (unsigned)(__brev((unsigned)(((((int)x0) >= ((unsigned long long)x5)) || !(((long long)x1) < ((signed char)x5))) ? ((unsigned short)x1) : ((unsigned char)x2)))), (unsigned)((((unsigned)((unsigned short)x2)) & ~(0x1fffu << 2)) | ((((unsigned)(!((unsigned)x1))) & 0x1fffu) << 2))))) && !((__popc((unsigned)(((unsigned)((unsigned)x4) & 0xff) | (((unsigned)((signed char)x5) & 0xff) << 8) | (((unsigned)((unsigned long long)0 - (unsigned long long)((unsigned long long)x0)) & 0xff) << 16) | ((unsigned)((unsigned long long)0 - (unsigned long long)((long long)x2)) << 24)))) == ((((unsigned)((unsigned)((unsigned)((unsigned)((short)x2) << (((long long)x1) & 31)) + (unsigned)((unsigned char)x2)))) & ~(0xffu << 16)) | ((((unsigned)((((unsigned)(((unsigned char)x2) / 16)) >> ((unsigned)(__popc((unsigned)((unsigned short)x4))) & 31)) & 0x1ffffffu)) & 0xffu) << 16)))));
  out[3] = (unsigned long long)(((((unsigned)(((unsigned short)((unsigned long long)x3)) % pn)) >> ((unsigned)(__brevll((unsigned long long)(__funnelshift_l((unsigned)((short)x5), (unsigned)((unsigned short)x1), (unsigned)((short)x2))))) & 31)) & 0x3fffffffu));
}
__global__ void k2(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__brevll((unsigned long long)(__clz((int)(((int)(short)(((unsigned)((short)x0)) >> 16)) & (__byte_perm((unsigned)((unsigned)x2), (unsigned)((unsigned long long)x4), 0x7302))))))));
  out[1] = (unsigned long long)(((long long)x2));
  out[2] = (unsigned long long)((((unsigned short)x0) | ((short)x4)));
  out[3] = (unsigned long long)(((unsigned)x1));
}
__global__ void k3(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__brevll((unsigned long long)(__funnelshift_rc((unsigned)(((unsigned long long)x1) >> (((unsigned)x0) & 63)), (unsigned)((int)(short)(((unsigned)((long long)x5)) >> 0)), (unsigned)((short)x1))))));
  out[1] = (unsigned long long)((__byte_perm((unsigned)((unsigned short)x3), (unsigned)(__popcll((unsigned long long)(((short)x2) / 5))), 0x2731)));
  out[2] = (unsigned long long)(((signed char)x0));
  out[3] = (unsigned long long)(((int)x2));
}
__global__ void k4(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((signed char)x2));
  out[1] = (unsigned long long)(((((unsigned)((unsigned char)x1)) >> ((unsigned)((unsigned)x1) & 31)) & 0x7ffffu));
  out[2] = (unsigned long long)(((unsigned)((unsigned)((unsigned)((((unsigned long long)x2) % 1000003) & (__funnelshift_l((unsigned)((unsigned short)x0), (unsigned)((long long)x4), (unsigned)((unsigned short)x4))))) + (unsigned)((((unsigned)((__byte_perm((unsigned)((int)x3), (unsigned)((unsigned char)x1), 0x4213)) % pn)) << 9) | (((unsigned)((__byte_perm((unsigned)((int)x3), (unsigned)((unsigned char)x1), 0x4213)) % pn)) >> 23)))));
  out[3] = (unsigned long long)(((~((signed char)x4)) | ((signed char)x0)));
}
__global__ void k5(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned long long)x1));
  out[1] = (unsigned long long)((((((unsigned)x4) != ((unsigned)x3)) || ((__byte_perm((unsigned)(__brevll((unsigned long long)((unsigned)x2))), (unsigned)(((unsigned long long)x3) % 65537), 0x7071)) >= ((long long)x5))) % 7));
  out[2] = (unsigned long long)(((((unsigned)((((unsigned long long)(__popc((unsigned)((long long)x1)))) >> 63) & 0xfffffull)) << 14) | (((unsigned)((((unsigned long long)(__popc((unsigned)((long long)x1)))) >> 63) & 0xfffffull)) >> 18)));
  out[3] = (unsigned long long)(((~(((long long)((unsigned long long)((unsigned long long)x0) - (unsigned long long)((long long)x1))) / pn)) % pn));
}
__global__ void k6(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((short)x4));
  out[1] = (unsigned long long)((((unsigned)((unsigned short)x1) & 0xff) | (((unsigned)((((unsigned long long)((signed char)x2)) >> 45) & 0xfffffull) & 0xff) << 8) | (((unsigned)((__popc((unsigned)((unsigned short)x0))) % pq) & 0xff) << 16) | ((unsigned)((unsigned char)((unsigned long long)x0)) << 24)));
  out[2] = (unsigned long long)(((((unsigned)((int)x4)) << 14) | (((unsigned)((int)x4)) >> 18)));
  out[3] = (unsigned long long)(((unsigned)x0));
}
__global__ void k7(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((!((long long)x5)) / pm));
  out[1] = (unsigned long long)((((short)x1) / pn));
  out[2] = (unsigned long long)(((short)x5));
  out[3] = (unsigned long long)(((signed char)((signed char)x3)));
}
__global__ void k8(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__clz((int)((unsigned short)x4))));
  out[1] = (unsigned long long)(((((unsigned)((unsigned char)x2)) & ~(0x3ffffu << 3)) | ((((unsigned)((long long)((unsigned short)x1))) & 0x3ffffu) << 3)));
  out[2] = (unsigned long long)((~(__popcll((unsigned long long)(((long long)x2) | ((unsigned char)x2))))));
  out[3] = (unsigned long long)(((unsigned long long)x2));
}
__global__ void k9(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned short)x5));
  out[1] = (unsigned long long)(((unsigned short)x2));
  out[2] = (unsigned long long)((((int)((unsigned)((int)(short)(((unsigned)((int)x4)) >> 0)) * (unsigned)(!(__brevll((unsigned long long)((int)x5)))))) >> (((short)x3) & 31)));
  out[3] = (unsigned long long)(((unsigned)((unsigned short)x3)));
}
__global__ void k10(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((int)((unsigned)((int)x0) - (unsigned)((((long long)x1) & ((unsigned long long)x3)) / 3))));
  out[1] = (unsigned long long)(((((unsigned)(((((signed char)x2) / 5) / pn) / pn)) >> ((unsigned)((unsigned)0 - (unsigned)((unsigned char)x1)) & 31)) & 0x3fffffu));
  out[2] = (unsigned long long)((((unsigned)x2) % 25));
  out[3] = (unsigned long long)((__popc((unsigned)((unsigned short)x2))));
}
__global__ void k11(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((int)(short)(((unsigned)((long long)x5)) >> 8)));
  out[1] = (unsigned long long)((((((unsigned)((long long)x4)) & ~(0x1fffffu << 9)) | ((((unsigned)((long long)x0)) & 0x1fffffu) << 9)) <= ((short)x5) ? (__brevll((unsigned long long)((unsigned char)x1))) : ((short)x5)));
  out[2] = (unsigned long long)(((unsigned)x0));
  out[3] = (unsigned long long)(((unsigned short)x0));
}
__global__ void k12(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((__byte_perm((unsigned)(((signed char)x5) / 5), (unsigned)((signed char)x2), 0x7436)) / pq) / 1000003));
  out[1] = (unsigned long long)((__funnelshift_lc((unsigned)((long long)x4), (unsigned)(__clz((int)((unsigned)x3))), (unsigned)((signed char)x1))));
  out[2] = (unsigned long long)(((((unsigned)(((short)x0) % pm)) << 25) | (((unsigned)(((short)x0) % pm)) >> 7)));
  out[3] = (unsigned long long)(((unsigned)((__byte_perm((unsigned)((unsigned)0 - (unsigned)((unsigned char)x2)), (unsigned)((unsigned char)x5), (unsigned)((signed char)x1) & 0x7777)) == ((int)(signed char)(((unsigned)((int)((unsigned)((signed char)x2) + (unsigned)((unsigned char)x2)))) >> 8)) ? ((int)(short)(((unsigned)(((unsigned char)x4) / pq)) >> 0)) : ((int)(signed char)(((unsigned)((int)((unsigned)((signed char)x2) + (unsigned)((unsigned char)x2)))) >> 8))) << (((unsigned long long)x3) & 31)));
}
__global__ void k13(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((signed char)x1));
  out[1] = (unsigned long long)((((((unsigned)((signed char)x3)) << 30) | (((unsigned)((signed char)x3)) >> 2)) ^ (__byte_perm((unsigned)((unsigned)x3), (unsigned)((int)x0), 0x4745))));
  out[2] = (unsigned long long)(((unsigned long long)((unsigned long long)((long long)x4) + (unsigned long long)((unsigned char)x0))));
  out[3] = (unsigned long long)(((__clz((int)((__brevll((unsigned long long)((int)x1))) >= (((short)x2) % 1000003) ? (((unsigned long long)x2) / pm) : (((short)x2) % 1000003)))) % 100));
}
__global__ void k14(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__byte_perm((unsigned)((unsigned short)x1), (unsigned)((long long)x1), 0x7525)));
  out[1] = (unsigned long long)(((unsigned short)x3));
  out[2] = (unsigned long long)(((unsigned long long)(__clzll((long long)((short)(((int)x3) % 10))))));
  out[3] = (unsigned long long)(((signed char)x2));
}
__global__ void k15(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned short)x4));
  out[1] = (unsigned long long)(((unsigned)0 - (unsigned)(((unsigned char)x2) / pq)));
  out[2] = (unsigned long long)(((short)x3));
  out[3] = (unsigned long long)((__popc((unsigned)((short)x4))));
}
__global__ void k16(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__funnelshift_rc((unsigned)((int)(short)(((unsigned)((unsigned char)((unsigned)x3))) >> 0)), (unsigned)((((~((short)x0)) >= (((int)x0) % pm)) && (((long long)x3) == (!((signed char)x5)))) % pq), (unsigned)(__brev((unsigned)(__popcll((unsigned long long)(!((signed char)x4)))))))));
  out[1] = (unsigned long long)(((short)x3));
  out[2] = (unsigned long long)((!((long long)x1)));
  out[3] = (unsigned long long)(((int)x1));
}
__global__ void k17(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((long long)x3));
  out[1] = (unsigned long long)((__clz((int)((unsigned)x3))));
  out[2] = (unsigned long long)((((long long)(__popcll((unsigned long long)((unsigned long long)x3)))) % 6));
  out[3] = (unsigned long long)((~((short)x3)));
}
__global__ void k18(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((int)(signed char)(((unsigned)(((unsigned)x3) <= ((unsigned short)x0) ? ((signed char)x4) : ((unsigned short)x0))) >> 0)) % pn));
  out[1] = (unsigned long long)((((((int)x4) < ((signed char)x5)) || !(((long long)x1) == ((unsigned short)x3))) ? ((short)x1) : ((unsigned char)x2)));
  out[2] = (unsigned long long)((((unsigned short)x4) / pq));
  out[3] = (unsigned long long)(((unsigned long long)x5));
}
__global__ void k19(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned long long)x2));
  out[1] = (unsigned long long)((__clzll((long long)(~((int)x3)))));
  out[2] = (unsigned long long)((((unsigned char)x3) >= ((long long)x1) ? ((short)x2) : ((long long)x1)));
  out[3] = (unsigned long long)(((unsigned long long)x2));
}
__global__ void k20(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((signed char)x0) % 12));
  out[1] = (unsigned long long)(((((int)((unsigned)((int)(signed char)(((unsigned)((unsigned)x5)) >> 8)) - (unsigned)((unsigned)((unsigned)((unsigned char)x3) + (unsigned)((unsigned)x0))))) / 25) % pm));
  out[2] = (unsigned long long)(((unsigned)x0));
  out[3] = (unsigned long long)(((long long)x3));
}
__global__ void k21(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__byte_perm((unsigned)((unsigned)x5), (unsigned)((((long long)x0) % pm) % pn), 0x7167)));
  out[1] = (unsigned long long)(((long long)x5));
  out[2] = (unsigned long long)(((__popcll((unsigned long long)((signed char)x3))) > ((((unsigned)(((unsigned char)x2) ^ ((short)x0)) & 0xff) | (((unsigned)((((unsigned)((unsigned char)x0)) << 20) | (((unsigned)((unsigned char)x0)) >> 12)) & 0xff) << 8) | (((unsigned)(((unsigned long long)x2) | ((unsigned char)x4)) & 0xff) << 16) | ((unsigned)(((long long)x2) / 25) << 24)) % 3) ? ((((unsigned)(__popcll((unsigned long long)(__funnelshift_lc((unsigned)((signed char)x0), (unsigned)((long long)x1), (unsigned)((long long)x2)))))) & ~(0x7ffu << 14)) | ((((unsigned)(__popc((unsigned)((unsigned)0 - (unsigned)((short)x2))))) & 0x7ffu) << 14)) : ((((unsigned)(((unsigned char)x2) ^ ((short)x0)) & 0xff) | (((unsigned)((((unsigned)((unsigned char)x0)) << 20) | (((unsigned)((unsigned char)x0)) >> 12)) & 0xff) << 8) | (((unsigned)(((unsigned long long)x2) | ((unsigned char)x4)) & 0xff) << 16) | ((unsigned)(((long long)x2) / 25) << 24)) % 3)));
  out[3] = (unsigned long long)(((((unsigned)((signed char)x3)) << 7) | (((unsigned)((signed char)x3)) >> 25)));
}
__global__ void k22(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned long long)x0) % 25));
  out[1] = (unsigned long long)((((long long)x0) ^ ((((unsigned)(__byte_perm((unsigned)(__clzll((long long)((unsigned char)x2))), (unsigned)((unsigned)x5), 0x135))) >> 0) & 0x7)));
  out[2] = (unsigned long long)(((short)x2));
  out[3] = (unsigned long long)((__brev((unsigned)((unsigned char)x1))));
}
__global__ void k23(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned short)x1) >= (__brev((unsigned)(~(__clz((int)((signed char)x0)))))) ? (((unsigned long long)x4) % 100) : (__brev((unsigned)(~(__clz((int)((signed char)x0))))))));
  out[1] = (unsigned long long)(((__byte_perm((unsigned)((int)(short)(((unsigned)((unsigned short)x0)) >> 0)), (unsigned)(~((short)x5)), (unsigned)(((int)x4) / 16) & 0x7777)) % pn));
  out[2] = (unsigned long long)(((unsigned)0 - (unsigned)((unsigned char)x0)));
  out[3] = (unsigned long long)(((unsigned)0 - (unsigned)((unsigned char)x4)));
}
__global__ void k24(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((unsigned)((((unsigned)(((unsigned char)((unsigned)x3)) % 6)) & ~(0x1ffu << 3)) | ((((unsigned)((unsigned short)x5)) & 0x1ffu) << 3))) & ~(0x3fu << 24)) | ((((unsigned)((((unsigned)((((unsigned)((unsigned)x1)) >> 12) & 0xf)) << 27) | (((unsigned)((((unsigned)((unsigned)x1)) >> 12) & 0xf)) >> 5))) & 0x3fu) << 24)));
  out[1] = (unsigned long long)((((unsigned)((((unsigned)((!((short)x3)) % 6)) << 12) | (((unsigned)((!((short)x3)) % 6)) >> 20)) & 0xff) | (((unsigned)((__popcll((unsigned long long)(!(((unsigned char)x5) <= ((unsigned)x1)) || !(((unsigned)x2) < ((unsigned)x3))))) % 100) & 0xff) << 8) | (((unsigned)((unsigned long long)(((((signed char)x2) > ((unsigned long long)x0)) || !(((int)x3) == ((unsigned long long)x1))) % 7919)) & 0xff) << 16) | ((unsigned)(((unsigned long long)x3) < ((unsigned short)x4) ? (__popc((unsigned)((unsigned long long)((unsigned long long)((long long)x5) - (unsigned long long)((unsigned char)x3))))) : ((unsigned short)x4)) << 24)));
  out[2] = (unsigned long long)((((unsigned long long)x2) / pq));
  out[3] = (unsigned long long)(((long long)x5));
}
__global__ void k25(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__funnelshift_lc((unsigned)(((unsigned char)x5) / pm), (unsigned)(__brev((unsigned)((unsigned short)x1))), (unsigned)((((unsigned)((unsigned)x4)) >> 0) & 0xfff))));
  out[1] = (unsigned long long)(((unsigned)x3));
  out[2] = (unsigned long long)(((long long)x2));
  out[3] = (unsigned long long)((((((unsigned long long)x4) % 5) / 10) & ((unsigned)0 - (unsigned)(__byte_perm((unsigned)((signed char)x4), (unsigned)((unsigned char)x0), (unsigned)((signed char)x4) & 0x7777)))));
}
__global__ void k26(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((!((long long)x2)));
  out[1] = (unsigned long long)((!(__clz((int)((int)x4)))));
  out[2] = (unsigned long long)(((unsigned char)x3));
  out[3] = (unsigned long long)((((unsigned)((short)x3) & 0xff) | (((unsigned)((signed char)x0) & 0xff) << 8) | (((unsigned)((signed char)x4) & 0xff) << 16) | ((unsigned)((int)x4) << 24)));
}
__global__ void k27(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__funnelshift_l((unsigned)(__byte_perm((unsigned)((unsigned)(__clz((int)((short)x1))) << (((unsigned short)x4) & 31)), (unsigned)((~((unsigned char)x2)) > ((unsigned)x0) ? (__brev((unsigned)((unsigned)x3))) : ((unsigned)x0)), (unsigned)(__brev((unsigned)(__popcll((unsigned long long)((int)x5))))) & 0x7777)), (unsigned)((((unsigned long long)((long long)x5)) >> 33) & 0xffull), (unsigned)(((((unsigned)((unsigned)((int)(signed char)(((unsigned)((unsigned short)x5)) >> 8)) + (unsigned)((unsigned)x0))) <= (((((unsigned)((unsigned short)x0)) >> ((unsigned)((short)x3) & 31)) & 0xfffffffu) ^ ((signed char)x3))) && !(((((unsigned)(((unsigned long long)x0) / pn)) >> 12) & 0xffff) < (((short)x3) >> ((((long long)x0) / pm) & 31)))) ? ((((unsigned short)x2) / 65537) >> (((((unsigned)((long long)x5)) >> 4) & 0xffff) & 31)) : (((unsigned)((unsigned)((short)x2) - (unsigned)((short)x1))) % pn)))));
  out[1] = (unsigned long long)(((unsigned)0 - (unsigned)(((unsigned long long)x2) / pn)));
  out[2] = (unsigned long long)((((long long)x1) == ((long long)x1) ? ((int)x2) : ((long long)x1)));
  out[3] = (unsigned long long)(((unsigned long long)((unsigned short)x3)));
}
__global__ void k28(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)0 - (unsigned)((signed char)x0)));
  out[1] = (unsigned long long)((((unsigned char)x0) != ((unsigned short)x3) ? ((signed char)x1) : ((unsigned short)x3)));
  out[2] = (unsigned long long)(((unsigned)0 - (unsigned)((((unsigned)((unsigned)((short)x3) << (((short)x0) & 31))) << 14) | (((unsigned)((unsigned)((short)x3) << (((short)x0) & 31))) >> 18))));
  out[3] = (unsigned long long)(((unsigned)0 - (unsigned)((((unsigned)((((unsigned long long)((unsigned)x3)) >> 37) & 0x3ull)) << 19) | (((unsigned)((((unsigned long long)((unsigned)x3)) >> 37) & 0x3ull)) >> 13))));
}
__global__ void k29(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((~((signed char)x1)) / pn));
  out[1] = (unsigned long long)(((unsigned char)x3));
  out[2] = (unsigned long long)(((unsigned short)x3));
  out[3] = (unsigned long long)((__clz((int)(!((int)(short)(((unsigned)((unsigned char)x3)) >> 8))))));
}

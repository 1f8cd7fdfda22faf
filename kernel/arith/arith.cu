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
  out[1] = (unsigned long long)((__funnelshift_l((unsigned)((unsigned)((unsigned)((((int)x3) % 7) % 9) * (unsigned)(__byte_perm((unsigned)((((unsigned)((int)x2)) << 14) | (((unsigned)((int)x2)) >> 18)), (unsigned)((unsigned char)x4), (unsigned)(__mul64hi((long long)((unsigned char)x4), (long long)((short)x3))) & 0x7777)))), (unsigned)(__mulhi((int)((unsigned)x0), (int)((__brevll((unsigned long long)((unsigned)x1))) / pm))), (unsigned)((!((__umulhi((unsigned)((short)x5), (unsigned)(((unsigned char)x3) >= ((short)x0) ? ((unsigned)x2) : ((short)x0)))) <= (((unsigned)x4) >> (((short)((unsigned)x1)) & 31))) || !(((((unsigned)(__popcll((unsigned long long)((long long)x5)))) << 14) | (((unsigned)(__popcll((unsigned long long)((long long)x5)))) >> 18)) < (((unsigned)((int)x3)) / 3))) ? (__popc((unsigned)((((unsigned)((long long)x4)) << 11) | (((unsigned)((long long)x4)) >> 21)))) : ((int)x1)))));
  out[2] = (unsigned long long)((__mul64hi((long long)((unsigned long long)x5), (long long)((int)x3))));
  out[3] = (unsigned long long)(((signed char)x1));
}
__global__ void k1(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__brevll((unsigned long long)(max((unsigned)((~((unsigned)x0)) / 5), (unsigned)(!(__funnelshift_lc((unsigned)((unsigned long long)x5), (unsigned)((short)x4), (unsigned)((short)x0)))))))));
  out[1] = (unsigned long long)((__popcll((unsigned long long)(__byte_perm((unsigned)(((unsigned short)x3) ^ ((unsigned long long)x4)), (unsigned)((((unsigned long long)((unsigned short)x0)) >> 37) & 0xffffffffffull), 0x3442)))));
  out[2] = (unsigned long long)(((unsigned long long)x3));
  out[3] = (unsigned long long)(((signed char)x0));
}
__global__ void k2(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__clzll((long long)((((unsigned long long)x0) != (~((long long)x5))) || ((~((short)x4)) > (__brevll((unsigned long long)((unsigned char)x5))))))));
  out[1] = (unsigned long long)((__byte_perm((unsigned)((unsigned short)x2), (unsigned)(!((unsigned)x5)), 0x3441)));
  out[2] = (unsigned long long)(((short)x2));
  out[3] = (unsigned long long)((((int)x5) / pq));
}
__global__ void k3(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned)(__funnelshift_r((unsigned)((unsigned)x2), (unsigned)((unsigned)x0), (unsigned)((unsigned long long)x2))) & 0xff) | (((unsigned)((unsigned short)x3) & 0xff) << 8) | (((unsigned)(__umulhi((unsigned)((unsigned char)x5), (unsigned)((unsigned short)x3))) & 0xff) << 16) | ((unsigned)((unsigned short)x5) << 24)));
  out[1] = (unsigned long long)((abs((int)((unsigned short)((long long)x5)))));
  out[2] = (unsigned long long)((__brevll((unsigned long long)(__brev((unsigned)((unsigned short)x5))))));
  out[3] = (unsigned long long)(((unsigned short)x3));
}
__global__ void k4(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__brevll((unsigned long long)((unsigned short)x4))));
  out[1] = (unsigned long long)(((min((int)((signed char)x2), (int)((int)(short)(((unsigned)((int)x1)) >> 16)))) >> (((((((unsigned)((unsigned long long)x3)) >> 4) & 0x1) == (__sad((int)((int)x5), (int)((short)x2), (unsigned)((long long)x1)))) || !((__clz((int)((long long)x1))) != (((unsigned char)x5) % pn))) & 31)));
  out[2] = (unsigned long long)(((((int)x3) | ((unsigned)x0)) / 12));
  out[3] = (unsigned long long)(((unsigned long long)x1));
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
  out[1] = (unsigned long long)((((long long)x5) / pq));
  out[2] = (unsigned long long)(((int)x3));
  out[3] = (unsigned long long)(((((unsigned)((unsigned)0 - (unsigned)((unsigned short)x5))) >> 16) & 0xffff));
}
__global__ void k6(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)0 - (unsigned)((unsigned)x0)));
  out[1] = (unsigned long long)((__clzll((long long)((unsigned)x4))));
  out[2] = (unsigned long long)(((((unsigned)x3) / 65537) % 2));
  out[3] = (unsigned long long)(((int)x1));
}
__global__ void k7(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned)x5) < ((unsigned long long)x2) ? ((int)x2) : ((unsigned long long)x2)));
  out[1] = (unsigned long long)(((min((int)(__funnelshift_rc((unsigned)(__funnelshift_lc((unsigned)((unsigned long long)x4), (unsigned)((int)x3), (unsigned)((signed char)x4))), (unsigned)(~((int)x0)), (unsigned)(((unsigned long long)x1) == ((unsigned long long)x1) ? ((signed char)x2) : ((unsigned long long)x1)))), (int)(__byte_perm((unsigned)(__brevll((unsigned long long)((int)x0))), (unsigned)(__funnelshift_r((unsigned)((unsigned long long)x4), (unsigned)((long long)x3), (unsigned)((unsigned char)x1))), (unsigned)((unsigned)x3) & 0x7777)))) >> ((__funnelshift_r((unsigned)((int)x5), (unsigned)(!((((unsigned char)x5) <= ((unsigned)x4) ? ((unsigned char)x5) : ((unsigned)x4)) <= (((unsigned char)x4) <= ((unsigned)x0) ? ((short)x0) : ((unsigned)x0))) || !(((unsigned)((unsigned)((short)x3) * (unsigned)((signed char)x1))) >= (((unsigned long long)x0) / 16))), (unsigned)(min((int)(__clzll((long long)((unsigned short)x2))), (int)((unsigned long long)((short)x1)))))) & 31)));
  out[2] = (unsigned long long)(((unsigned)0 - (unsigned)((((unsigned)((short)x3)) << 17) | (((unsigned)((short)x3)) >> 15))));
  out[3] = (unsigned long long)(((int)(short)(((unsigned)((int)x2)) >> 0)));
}
__global__ void k8(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__byte_perm((unsigned)((unsigned char)x1), (unsigned)((signed char)x5), (unsigned)((unsigned)x5) & 0x7777)));
  out[1] = (unsigned long long)(((((unsigned)(((((long long)x4) > ((unsigned)x0)) || (((unsigned char)x1) <= ((unsigned)x3))) ? ((signed char)x3) : ((unsigned char)x0))) << 14) | (((unsigned)(((((long long)x4) > ((unsigned)x0)) || (((unsigned char)x1) <= ((unsigned)x3))) ? ((signed char)x3) : ((unsigned char)x0))) >> 18)));
  out[2] = (unsigned long long)(((((unsigned)((unsigned long long)x4)) << 6) | (((unsigned)((unsigned long long)x4)) >> 26)));
  out[3] = (unsigned long long)((__byte_perm((unsigned)((short)x4), (unsigned)((signed char)x2), (unsigned)((unsigned long long)x5) & 0x7777)));
}
__global__ void k9(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((short)x4));
  out[1] = (unsigned long long)((min((int)(!((unsigned char)x5)), (int)((unsigned long long)0 - (unsigned long long)((unsigned long long)x4)))));
  out[2] = (unsigned long long)((((unsigned long long)x3) / 1000003));
  out[3] = (unsigned long long)((__sad((int)((signed char)x5), (int)((long long)x0), (unsigned)((int)x3))));
}
__global__ void k10(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__brevll((unsigned long long)(((unsigned)0 - (unsigned)(((signed char)x1) % 100)) % 100))));
  out[1] = (unsigned long long)(((short)x2));
  out[2] = (unsigned long long)(((int)x5));
  out[3] = (unsigned long long)((((unsigned long long)x0) / pn));
}
__global__ void k11(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__clz((int)(((((signed char)((short)x4)) == (min((int)((int)x0), (int)((unsigned char)x3)))) || !((__byte_perm((unsigned)((signed char)x3), (unsigned)((unsigned short)x0), (unsigned)((unsigned)x2) & 0x7777)) < ((unsigned long long)x1))) | ((unsigned char)x0)))));
  out[1] = (unsigned long long)(((short)x3));
  out[2] = (unsigned long long)(((((unsigned)((unsigned)(((int)(short)(((unsigned)((unsigned char)x4)) >> 16)) / pn) << ((~(~((signed char)x2))) & 31))) << 31) | (((unsigned)((unsigned)(((int)(short)(((unsigned)((unsigned char)x4)) >> 16)) / pn) << ((~(~((signed char)x2))) & 31))) >> 1)));
  out[3] = (unsigned long long)((((int)x4) / pn));
}
__global__ void k12(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((~((int)x3)));
  out[1] = (unsigned long long)(((((unsigned)(((((signed char)x2) / 5) / pn) / pn)) >> ((unsigned)((unsigned)0 - (unsigned)((unsigned char)x1)) & 31)) & 0x3fffffu));
  out[2] = (unsigned long long)((((unsigned)x2) % 25));
  out[3] = (unsigned long long)((__popc((unsigned)((unsigned short)x2))));
}
__global__ void k13(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
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
__global__ void k14(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((max((unsigned)((signed char)x3), (unsigned)(__byte_perm((unsigned)(((((unsigned)((unsigned)x3)) << 31) | (((unsigned)((unsigned)x3)) >> 1)) / 100), (unsigned)(__umulhi((unsigned)(((unsigned short)x4) / pn), (unsigned)(max((unsigned)((unsigned short)x3), (unsigned)((int)x2))))), (unsigned)(__ffs((int)((int)(short)(((unsigned)((long long)x0)) >> 0)))) & 0x7777)))));
  out[1] = (unsigned long long)((((unsigned)x1) / pn));
  out[2] = (unsigned long long)((__sad((int)((((unsigned)((signed char)x5)) >> ((unsigned)((unsigned char)x1) & 31)) & 0xffffu), (int)((unsigned)0 - (unsigned)((int)x5)), (unsigned)((unsigned)0 - (unsigned)((unsigned short)x3)))));
  out[3] = (unsigned long long)(((((long long)x5) >> (((unsigned char)x4) & 63)) / pq));
}
__global__ void k15(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((long long)x3));
  out[1] = (unsigned long long)((__clzll((long long)((long long)((unsigned long long)((((unsigned long long)(!((signed char)x2))) >> 31) & 0xffull) + (unsigned long long)(((unsigned)((unsigned)((unsigned short)x3) - (unsigned)((signed char)x3))) / pq))))));
  out[2] = (unsigned long long)(((((unsigned char)x5) == ((int)x0)) || ((__popcll((unsigned long long)((unsigned long long)((unsigned long long)((long long)x4) + (unsigned long long)((unsigned char)x0))))) == (((((unsigned char)x3) / 5) == ((((unsigned)((unsigned long long)x2)) >> ((unsigned)((short)x2) & 31)) & 0x1fffffu) ? (((long long)x3) / pn) : ((((unsigned)((unsigned long long)x2)) >> ((unsigned)((short)x2) & 31)) & 0x1fffffu)) % pn))));
  out[3] = (unsigned long long)(((int)x1));
}
__global__ void k16(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((!((unsigned)((short)x2) << (((((unsigned)(((short)x5) / pm)) << 8) | (((unsigned)(((short)x5) / pm)) >> 24)) & 31))));
  out[1] = (unsigned long long)((!((int)x4)));
  out[2] = (unsigned long long)(((__mulhi((int)(((long long)x2) % 1000003), (int)(__brevll((unsigned long long)((unsigned long long)x3))))) / pm));
  out[3] = (unsigned long long)((__popc((unsigned)(__brevll((unsigned long long)((signed char)x3))))));
}
__global__ void k17(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__ffs((int)(llabs((long long)((unsigned char)x0))))));
  out[1] = (unsigned long long)(((int)((unsigned)(__byte_perm((unsigned)((((unsigned)((unsigned char)x3)) >> ((unsigned)((unsigned)x4) & 31)) & 0x1fffu), (unsigned)(__brevll((unsigned long long)((short)x4))), (unsigned)(__brev((unsigned)((unsigned short)x4))) & 0x7777)) + (unsigned)((int)((unsigned)(((unsigned long long)x2) % pn) - (unsigned)(__sad((int)((unsigned short)x3), (int)((unsigned)x1), (unsigned)((long long)x3))))))));
  out[2] = (unsigned long long)(((unsigned)(!((long long)x1))));
  out[3] = (unsigned long long)(((unsigned)x0));
}
__global__ void k18(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((short)x1));
  out[1] = (unsigned long long)(((unsigned char)x4));
  out[2] = (unsigned long long)(((unsigned char)x1));
  out[3] = (unsigned long long)((__mulhi((int)((int)x1), (int)((__brev((unsigned)((short)x1))) % pq))));
}
__global__ void k19(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((__popcll((unsigned long long)((((unsigned long long)((unsigned long long)x2)) >> 43) & 0xffffffffffull))) / pm));
  out[1] = (unsigned long long)(((!((~((unsigned)0 - (unsigned)((short)x3))) != (abs((int)(((unsigned long long)x4) / pm)))) && !(((((int)x4) % pn) % 7) <= ((((unsigned)((int)(short)(((unsigned)((unsigned short)x1)) >> 0))) << 13) | (((unsigned)((int)(short)(((unsigned)((unsigned short)x1)) >> 0))) >> 19)))) ? (!(__brev((unsigned)((unsigned long long)x2)))) : ((((short)x0) / pm) % 25)));
  out[2] = (unsigned long long)((__mul64hi((long long)((int)x3), (long long)((int)(signed char)(((unsigned)((unsigned)((unsigned short)x4) << (((unsigned long long)x4) & 31))) >> 24)))));
  out[3] = (unsigned long long)((__clz((int)((signed char)x5))));
}
__global__ void k20(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned char)x2));
  out[1] = (unsigned long long)(((unsigned)(__brev((unsigned)((((unsigned)(((signed char)x5) / pm)) >> ((unsigned)(((unsigned)x4) / 5) & 31)) & 0x3ffffu)))));
  out[2] = (unsigned long long)(((signed char)x0));
  out[3] = (unsigned long long)(((short)x4));
}
__global__ void k21(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__byte_perm((unsigned)((llabs((long long)((long long)x3))) % 12), (unsigned)(__brev((unsigned)((signed char)((unsigned char)x3)))), (unsigned)((((unsigned)((long long)((unsigned long long)((unsigned long long)x4) * (unsigned long long)((unsigned char)x5)))) & ~(0x1u << 28)) | ((((unsigned)(((long long)x1) / pn)) & 0x1u) << 28)) & 0x7777)));
  out[1] = (unsigned long long)((__sad((int)((unsigned)((unsigned)(__funnelshift_l((unsigned)((signed char)x1), (unsigned)((unsigned short)x4), (unsigned)((unsigned long long)x2))) + (unsigned)(__brev((unsigned)((short)x2))))), (int)((~((signed char)x4)) | (__byte_perm((unsigned)((int)x4), (unsigned)((unsigned char)x2), 0x733))), (unsigned)((unsigned)(__brevll((unsigned long long)((int)x2))) << ((((long long)x3) % 65537) & 31)))));
  out[2] = (unsigned long long)(((int)x3));
  out[3] = (unsigned long long)((__clzll((long long)((unsigned)0 - (unsigned)(!(((short)x4) / 6))))));
}
__global__ void k22(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__brev((unsigned)(__brev((unsigned)((unsigned char)x1))))));
  out[1] = (unsigned long long)(((long long)(__umul64hi((unsigned long long)(((long long)x0) ^ ((long long)x0)), (unsigned long long)((signed char)x3)))));
  out[2] = (unsigned long long)(((unsigned)((((unsigned)((signed char)x2)) << 4) | (((unsigned)((signed char)x2)) >> 28))));
  out[3] = (unsigned long long)((__brev((unsigned)(((int)x0) % 25))));
}
__global__ void k23(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((unsigned)x1) / 65537) % 7919));
  out[1] = (unsigned long long)((abs((int)((unsigned)x4))));
  out[2] = (unsigned long long)((((unsigned)0 - (unsigned)(__clzll((long long)((unsigned long long)x1)))) / 3));
  out[3] = (unsigned long long)((!(((((unsigned char)x1) >= ((int)x2)) || !(((unsigned long long)x3) >= ((short)x4))) ? ((unsigned long long)x5) : ((unsigned)x4))));
}
__global__ void k24(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((signed char)x5) % 6) / pm));
  out[1] = (unsigned long long)((((int)x2) % pm));
  out[2] = (unsigned long long)((((unsigned long long)x1) ^ ((signed char)x5)));
  out[3] = (unsigned long long)((__popc((unsigned)((((unsigned)((signed char)x3)) << 31) | (((unsigned)((signed char)x3)) >> 1)))));
}
__global__ void k25(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned short)x1) / 6));
  out[1] = (unsigned long long)((__funnelshift_r((unsigned)(((long long)x5) % pm), (unsigned)((int)(short)(((unsigned)((int)x2)) >> 0)), (unsigned)(~((signed char)x3)))));
  out[2] = (unsigned long long)(((((unsigned)((((((unsigned)((signed char)x2)) >> 12) & 0x1) % 5) & (((long long)x2) % 1000003))) << 21) | (((unsigned)((((((unsigned)((signed char)x2)) >> 12) & 0x1) % 5) & (((long long)x2) % 1000003))) >> 11)));
  out[3] = (unsigned long long)(((unsigned char)x0));
}
__global__ void k26(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned)x2) % 16));
  out[1] = (unsigned long long)(((((unsigned)(__clzll((long long)(!((unsigned char)x3))))) << 13) | (((unsigned)(__clzll((long long)(!((unsigned char)x3))))) >> 19)));
  out[2] = (unsigned long long)(((unsigned)x0));
  out[3] = (unsigned long long)((__clz((int)((((unsigned)x2) > ((unsigned char)x2) ? ((int)x1) : ((unsigned char)x2)) >> (((int)x3) & 31)))));
}
__global__ void k27(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((max((unsigned)((!(((int)((unsigned)((unsigned)x4) + (unsigned)((unsigned short)x4))) <= ((long long)x1)) || (((unsigned)x1) == (((int)x4) | ((unsigned short)x5)))) % pn), (unsigned)((((unsigned)(((((unsigned)((short)x5)) << 3) | (((unsigned)((short)x5)) >> 29)) / pm)) >> ((unsigned)((unsigned char)x0) & 31)) & 0x7fffffu))));
  out[1] = (unsigned long long)((((unsigned long long)x2) % 10));
  out[2] = (unsigned long long)(((int)(short)(((unsigned)((long long)x5)) >> 8)));
  out[3] = (unsigned long long)((__clz((int)((unsigned long long)((long long)x4) << (((short)x4) & 63)))));
}
__global__ void k28(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((~(((signed char)x4) / pn)));
  out[1] = (unsigned long long)((~((!(((long long)x3) >= ((unsigned long long)((unsigned long long)((long long)((unsigned)x4)) + (unsigned long long)(((unsigned short)x5) % 100)))) && !(((long long)(max((unsigned)((signed char)x5), (unsigned)((unsigned char)x4)))) != ((short)x3))) ? ((short)x2) : (__byte_perm((unsigned)(__brev((unsigned)((signed char)x3))), (unsigned)(((long long)x0) / 10), (unsigned)((((unsigned)((unsigned long long)x3)) & ~(0x7u << 27)) | ((((unsigned)((short)x2)) & 0x7u) << 27)) & 0x7777)))));
  out[2] = (unsigned long long)((((long long)((((unsigned)(((signed char)x0) / pm)) >> 12) & 0xf)) == (((unsigned)(__mul64hi((long long)(__brevll((unsigned long long)((unsigned)x5))), (long long)(((long long)x1) / pn))) & 0xff) | (((unsigned)((long long)x1) & 0xff) << 8) | (((unsigned)(!((((unsigned)((unsigned long long)x4)) & ~(0x3ffu << 7)) | ((((unsigned)((unsigned short)x5)) & 0x3ffu) << 7))) & 0xff) << 16) | ((unsigned)(((short)x4) / pm) << 24)) ? (__brev((unsigned)(__umul64hi((unsigned long long)((((unsigned)((signed char)x0)) >> ((unsigned)((unsigned char)x1) & 31)) & 0xfu), (unsigned long long)((short)x1))))) : (((unsigned)(__mul64hi((long long)(__brevll((unsigned long long)((unsigned)x5))), (long long)(((long long)x1) / pn))) & 0xff) | (((unsigned)((long long)x1) & 0xff) << 8) | (((unsigned)(!((((unsigned)((unsigned long long)x4)) & ~(0x3ffu << 7)) | ((((unsigned)((unsigned short)x5)) & 0x3ffu) << 7))) & 0xff) << 16) | ((unsigned)(((short)x4) / pm) << 24))));
  out[3] = (unsigned long long)((((unsigned long long)x3) / pn));
}
__global__ void k29(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)(__popcll((unsigned long long)((((int)x0) >= ((unsigned char)x1) ? ((unsigned short)x4) : ((unsigned char)x1)) & (__popc((unsigned)((long long)x1)))))) << (((short)x1) & 31)));
  out[1] = (unsigned long long)((((unsigned long long)x0) / pq));
  out[2] = (unsigned long long)(((unsigned)((short)x3) << (((unsigned short)x0) & 31)));
  out[3] = (unsigned long long)((((unsigned)x2) >> (((unsigned char)x5) & 31)));
}

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
  out[1] = (unsigned long long)((__funnelshift_l((unsigned)((int)((unsigned)((((int)x3) % 7) % 9) * (unsigned)(__funnelshift_rc((unsigned)(((unsigned char)x2) % pq), (unsigned)(((unsigned char)x3) % 1000), (unsigned)((unsigned long long)((unsigned long long)((unsigned long long)x4) * (unsigned long long)((int)x1))))))), (unsigned)(__popcll((unsigned long long)((__clzll((long long)((unsigned char)x5))) / 9))), (unsigned)((!(((__brevll((unsigned long long)((unsigned char)x2))) / 65537) != (((unsigned)((unsigned)((int)x0) * (unsigned)((unsigned)x3))) % 7919)) && (((unsigned char)x2) > ((__popc((unsigned)((long long)x4))) % 3))) ? (((int)((unsigned)((unsigned char)x0) - (unsigned)((short)x2))) % pm) : ((unsigned)(((long long)x1) | ((int)x0)) << (((long long)((int)x3)) & 31))))));
  out[2] = (unsigned long long)((((unsigned)((short)x3) << (((unsigned short)x1) & 31)) % pm));
  out[3] = (unsigned long long)((__popc((unsigned)((unsigned)x2))));
}
__global__ void k1(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((unsigned)((((unsigned)(!((long long)x5))) << 2) | (((unsigned)(!((long long)x5))) >> 30))) << 18) | (((unsigned)((((unsigned)(!((long long)x5))) << 2) | (((unsigned)(!((long long)x5))) >> 30))) >> 14)));
  out[1] = (unsigned long long)((__brev((unsigned)(((!(((unsigned long long)x4) >= ((unsigned char)x4)) || !(((unsigned short)x0) != ((short)x4))) ? ((signed char)x5) : ((short)x0)) | ((unsigned)0 - (unsigned)((unsigned)x5))))));
  out[2] = (unsigned long long)(((short)x0));
  out[3] = (unsigned long long)(((!(((unsigned)x5) < (__funnelshift_rc((unsigned)((short)x4), (unsigned)(__brev((unsigned)(((((int)x0) >= ((unsigned long long)x5)) || !(((long long)x1) < ((signed char)x5))) ? ((unsigned short)x1) : ((unsigned char)x2)))), (unsigned)(((short)x2) < ((unsigned)x5) ? (__funnelshift_lc((unsigned)((int)x2), (unsigned)((signed char)x3), (unsigned)((unsigned)x4))) : ((unsigned)x5))))) || !((!(((unsigned long long)0 - (unsigned long long)((unsigned long long)x4)) > (((unsigned long long)x3) / pn)) || !(((unsigned)x0) == ((unsigned)((unsigned)((unsigned)((short)x2) << (((long long)x1) & 31)) + (unsigned)((unsigned char)x2))))) <= (__brevll((unsigned long long)((unsigned long long)x4))))) ? (~((((signed char)x3) % pq) % pm)) : ((unsigned)x1)));
}
__global__ void k2(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((long long)x3));
  out[1] = (unsigned long long)((!((unsigned short)x1)));
  out[2] = (unsigned long long)((__popcll((unsigned long long)(((!((int)x2)) % 7) & ((int)(((short)x5) != ((signed char)x0) ? ((long long)x4) : ((signed char)x0)))))));
  out[3] = (unsigned long long)((((((unsigned long long)x4) / pn) == (__funnelshift_lc((unsigned)((int)x0), (unsigned)((short)x2), (unsigned)((short)x1)))) || !((__clz((int)((long long)x1))) != (((unsigned char)x5) % pn))));
}
__global__ void k3(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((long long)x1) % pn) >> ((__funnelshift_r((unsigned)((signed char)x3), (unsigned)((unsigned short)x3), (unsigned)((unsigned char)x5))) & 31)));
  out[1] = (unsigned long long)(((unsigned short)((unsigned long long)x5)));
  out[2] = (unsigned long long)(((signed char)x1));
  out[3] = (unsigned long long)((((short)x1) % pn));
}
__global__ void k4(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__brev((unsigned)(((unsigned)0 - (unsigned)((unsigned)x0)) % 1000003))));
  out[1] = (unsigned long long)((((unsigned)x4) << (((unsigned short)x5) & 31)));
  out[2] = (unsigned long long)((~(__popcll((unsigned long long)(((unsigned short)x1) % pn)))));
  out[3] = (unsigned long long)(((unsigned char)((unsigned)x4)));
}
__global__ void k5(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)x5));
  out[1] = (unsigned long long)(((__popcll((unsigned long long)(__clz((int)(((unsigned char)x1) & ((short)x0)))))) ^ (((((unsigned)((unsigned long long)x5)) << 2) | (((unsigned)((unsigned long long)x5)) >> 30)) >> (((unsigned)x3) & 31))));
  out[2] = (unsigned long long)(((unsigned long long)x1));
  out[3] = (unsigned long long)((((int)((unsigned)(((unsigned long long)x4) % 6) - (unsigned)(((int)x1) % 7919))) != (((int)x5) / pm) ? ((int)((unsigned)(((unsigned char)x5) <= ((unsigned)x4) ? ((unsigned char)x5) : ((unsigned)x4)) + (unsigned)(((unsigned char)x4) <= ((unsigned)x0) ? ((short)x0) : ((unsigned)x0)))) : (((int)x5) / pm)));
}
__global__ void k6(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__brev((unsigned)((unsigned)0 - (unsigned)(((short)x3) / pq)))));
  out[1] = (unsigned long long)(((unsigned)((unsigned)(((~((signed char)x4)) % pq) % pn) * (unsigned)((unsigned short)x0))));
  out[2] = (unsigned long long)((((short)((((unsigned)(((((long long)x4) > ((unsigned)x0)) || (((unsigned char)x1) <= ((unsigned)x3))) ? ((signed char)x3) : ((unsigned char)x0))) << 14) | (((unsigned)(((((long long)x4) > ((unsigned)x0)) || (((unsigned char)x1) <= ((unsigned)x3))) ? ((signed char)x3) : ((unsigned char)x0))) >> 18))) % 65537));
  out[3] = (unsigned long long)((((__brev((unsigned)((signed char)x4))) / pm) % 9));
}
__global__ void k7(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned long long)x3) / 1000003));
  out[1] = (unsigned long long)((((long long)x0) % pm));
  out[2] = (unsigned long long)((__clz((int)((signed char)x0))));
  out[3] = (unsigned long long)(((unsigned char)x5));
}
__global__ void k8(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)(~((unsigned)x2)) << ((((short)x1) % 25) & 31)));
  out[1] = (unsigned long long)(((unsigned)0 - (unsigned)((((unsigned)((unsigned short)x0)) << 30) | (((unsigned)((unsigned short)x0)) >> 2))));
  out[2] = (unsigned long long)((((short)x0) / 3));
  out[3] = (unsigned long long)(((unsigned short)x5));
}
__global__ void k9(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((!(((unsigned long long)x2) == ((short)x4)) && !(((unsigned short)x4) != ((unsigned)x3))));
  out[1] = (unsigned long long)((((long long)x3) | ((unsigned char)x5)));
  out[2] = (unsigned long long)((((short)x0) % pn));
  out[3] = (unsigned long long)(((signed char)((unsigned)((unsigned)((int)x0) - (unsigned)((unsigned char)x5)))));
}
__global__ void k10(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((int)(((unsigned long long)x1) < (~((signed char)x2)) ? ((unsigned)0 - (unsigned)((unsigned)x5)) : (~((signed char)x2)))));
  out[1] = (unsigned long long)(((unsigned short)x2));
  out[2] = (unsigned long long)((!((long long)x2)));
  out[3] = (unsigned long long)((!(((unsigned)x3) >= ((unsigned short)x4) ? ((int)x4) : ((unsigned short)x4))));
}
__global__ void k11(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((long long)((unsigned char)x4)));
  out[1] = (unsigned long long)(((int)x1));
  out[2] = (unsigned long long)(((unsigned long long)((unsigned long long)((unsigned long long)x5) - (unsigned long long)((int)x0))));
  out[3] = (unsigned long long)(((unsigned)x3));
}
__global__ void k12(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((!(((((unsigned)x4) != ((unsigned char)((unsigned char)x1)) ? (__clz((int)((unsigned)x3))) : ((unsigned char)((unsigned char)x1))) != ((__brev((unsigned)((signed char)x0))) / 25) ? ((~((signed char)x5)) != (((int)x4) < ((long long)x5) ? ((long long)x4) : ((long long)x5)) ? (((long long)x5) / 12) : (((int)x4) < ((long long)x5) ? ((long long)x4) : ((long long)x5))) : ((__brev((unsigned)((signed char)x0))) / 25)) != ((unsigned char)x1)) || !((((unsigned)x0) % pq) < (((unsigned)(__brevll((unsigned long long)((long long)x4)))) % pm))) ? ((unsigned short)x5) : ((int)x5)));
  out[1] = (unsigned long long)(((unsigned char)x5));
  out[2] = (unsigned long long)((__clz((int)((unsigned)x0))));
  out[3] = (unsigned long long)(((__funnelshift_l((unsigned)((int)x2), (unsigned)((signed char)x4), (unsigned)((unsigned short)x0))) << ((((unsigned)x3) / 6) & 31)));
}
__global__ void k13(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__funnelshift_lc((unsigned)((long long)x4), (unsigned)(__clz((int)((unsigned)x3))), (unsigned)((signed char)x1))));
  out[1] = (unsigned long long)(((((unsigned)(((short)x0) % pm)) << 25) | (((unsigned)(((short)x0) % pm)) >> 7)));
  out[2] = (unsigned long long)(((unsigned)((__brevll((unsigned long long)(__brevll((unsigned long long)((signed char)x3))))) >= ((unsigned)((unsigned)(((unsigned char)x2) / pm) * (unsigned)(~((unsigned long long)x1)))) ? (__popc((unsigned)((int)((unsigned)((signed char)x4) - (unsigned)((short)x2))))) : ((unsigned)((unsigned)(((unsigned char)x2) / pm) * (unsigned)(~((unsigned long long)x1))))) << ((__funnelshift_l((unsigned)((signed char)x1), (unsigned)((unsigned)((unsigned)(((signed char)x4) % pq) - (unsigned)(((long long)x3) ^ ((unsigned long long)x0)))), (unsigned)((((unsigned)(((unsigned short)x4) / pn)) << 1) | (((unsigned)(((unsigned short)x4) / pn)) >> 31)))) & 31)));
  out[3] = (unsigned long long)((((unsigned char)x0) / 1000));
}
__global__ void k14(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((((unsigned char)x3) / 5) <= (((short)x1) % pm) ? (((int)x0) <= ((unsigned long long)x1) ? ((long long)x0) : ((unsigned long long)x1)) : (((short)x1) % pm)) / pq));
  out[1] = (unsigned long long)(((int)x1));
  out[2] = (unsigned long long)(((!(((!((__brevll((unsigned long long)((unsigned char)x0))) > (!(((short)x0) >> (((short)x2) & 31)))) && (((((((unsigned char)x0) ^ ((short)x5)) <= (((unsigned)x2) / 1000003)) && ((((int)x3) / pm) < ((unsigned)((unsigned short)x4) << (((signed char)x5) & 31)))) ? ((((short)x5) >= ((short)x2)) || (((unsigned)x2) < ((unsigned char)x2))) : ((unsigned short)x1)) != ((((unsigned)x5) > ((int)x4) ? ((unsigned short)x4) : ((int)x4)) & ((short)x0)))) ? (__funnelshift_l((unsigned)(__funnelshift_r((unsigned)((unsigned)x2), (unsigned)((unsigned short)x3), (unsigned)((short)x1))), (unsigned)(!((int)x5)), (unsigned)(((unsigned short)x2) % pn))) : ((((((signed char)x0) % pn) >= (((unsigned long long)x0) % pn)) || ((((signed char)x3) != ((unsigned)x5) ? ((unsigned long long)x2) : ((unsigned)x5)) == ((unsigned)x3))) ? (__brevll((unsigned long long)((unsigned long long)x3))) : ((((unsigned)((short)x0)) << 14) | (((unsigned)((short)x0)) >> 18)))) <= (~(!((unsigned short)x3)))) || (((int)((unsigned)((unsigned short)x2) + (unsigned)((int)x2))) <= (__clzll((long long)(__popcll((unsigned long long)(__clzll((long long)((unsigned char)x3))))))))) ? (!(__popc((unsigned)(__popcll((unsigned long long)((short)x3)))))) : (((long long)x3) >> (((unsigned long long)(__popcll((unsigned long long)((long long)x1)))) & 63))));
  out[3] = (unsigned long long)(((unsigned long long)x4));
}
__global__ void k15(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned short)x2));
  out[1] = (unsigned long long)((__funnelshift_rc((unsigned)(__brevll((unsigned long long)((unsigned)x3))), (unsigned)(!((short)x0)), (unsigned)(__brev((unsigned)((short)x1))))));
  out[2] = (unsigned long long)(((unsigned)x4));
  out[3] = (unsigned long long)((((((short)x3) > ((unsigned)x2)) && !(((signed char)x3) == ((unsigned char)x1))) / 12));
}
__global__ void k16(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((int)x0));
  out[1] = (unsigned long long)(((unsigned short)x3));
  out[2] = (unsigned long long)(((!((__popcll((unsigned long long)((int)x0))) <= (((unsigned long long)x2) >= ((long long)x1) ? (!((int)x4)) : ((long long)x1))) && !((!((int)x2)) <= ((short)x2))) ? (((unsigned short)x4) / pq) : ((unsigned)x3)));
  out[3] = (unsigned long long)((__brev((unsigned)((unsigned long long)x5))));
}
__global__ void k17(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((~(__brev((unsigned)((int)x4)))));
  out[1] = (unsigned long long)((__clz((int)((signed char)x5))));
  out[2] = (unsigned long long)(((short)((((unsigned)(((long long)x0) % pm)) << 7) | (((unsigned)(((long long)x0) % pm)) >> 25))));
  out[3] = (unsigned long long)((((unsigned)((short)x0)) / pn));
}
__global__ void k18(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((signed char)((((unsigned short)x3) % pq) >> (((unsigned short)x2) & 31))));
  out[1] = (unsigned long long)((__popc((unsigned)((signed char)x3))));
  out[2] = (unsigned long long)(((((unsigned)((((unsigned)(!((long long)((unsigned long long)((unsigned long long)x4) * (unsigned long long)((unsigned char)x5))))) << 4) | (((unsigned)(!((long long)((unsigned long long)((unsigned long long)x4) * (unsigned long long)((unsigned char)x5))))) >> 28))) << 9) | (((unsigned)((((unsigned)(!((long long)((unsigned long long)((unsigned long long)x4) * (unsigned long long)((unsigned char)x5))))) << 4) | (((unsigned)(!((long long)((unsigned long long)((unsigned long long)x4) * (unsigned long long)((unsigned char)x5))))) >> 28))) >> 23)));
  out[3] = (unsigned long long)((!(((long long)x1) / 7919)));
}
__global__ void k19(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((((unsigned)x1) / pn));
  out[1] = (unsigned long long)(((__popc((unsigned)((unsigned short)x3))) == (((unsigned char)x5) > ((unsigned char)x5) ? ((short)x3) : ((unsigned char)x5)) ? ((((unsigned)((int)x0)) << 4) | (((unsigned)((int)x0)) >> 28)) : (((unsigned char)x5) > ((unsigned char)x5) ? ((short)x3) : ((unsigned char)x5))));
  out[2] = (unsigned long long)(((long long)x1));
  out[3] = (unsigned long long)(((unsigned char)((signed char)x0)));
}
__global__ void k20(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)(__clz((int)((unsigned)x4))) << (((int)x3) & 31)));
  out[1] = (unsigned long long)((((int)x1) >> (((signed char)x5) & 31)));
  out[2] = (unsigned long long)(((unsigned short)x0));
  out[3] = (unsigned long long)((~((((unsigned)((unsigned char)x0)) << 5) | (((unsigned)((unsigned char)x0)) >> 27))));
}
__global__ void k21(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned)0 - (unsigned)((short)x0)));
  out[1] = (unsigned long long)((((unsigned long long)x4) / 5));
  out[2] = (unsigned long long)((((long long)x2) / pq));
  out[3] = (unsigned long long)((!((short)x1)));
}
__global__ void k22(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((unsigned short)x3));
  out[1] = (unsigned long long)(((int)x0));
  out[2] = (unsigned long long)(((unsigned char)((unsigned)x3)));
  out[3] = (unsigned long long)(((((short)x1) == ((unsigned short)x5) ? ((short)x4) : ((unsigned short)x5)) / 1000003));
}
__global__ void k23(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((long long)x1) % 2) % pm));
  out[1] = (unsigned long long)(((unsigned)x1));
  out[2] = (unsigned long long)((__brev((unsigned)((unsigned short)x1))));
  out[3] = (unsigned long long)((((unsigned long long)x4) | ((unsigned long long)x0)));
}
__global__ void k24(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((__clzll((long long)((signed char)x4))));
  out[1] = (unsigned long long)(((((unsigned long long)x3) ^ (((signed char)x2) % pq)) % pm));
  out[2] = (unsigned long long)((((unsigned short)x3) / 7));
  out[3] = (unsigned long long)(((((unsigned long long)x2) % pq) % pq));
}
__global__ void k25(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((((unsigned short)x3) >> (((unsigned)(!((short)x1)) << ((!((unsigned short)x3)) & 31)) & 31)) % pq));
  out[1] = (unsigned long long)((__popc((unsigned)(((short)x1) >> ((~((signed char)x3)) & 31)))));
  out[2] = (unsigned long long)(((long long)x2));
  out[3] = (unsigned long long)((((((unsigned long long)x4) % 5) / 10) ^ ((unsigned)0 - (unsigned)(__clzll((long long)((int)x3))))));
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
  out[2] = (unsigned long long)((((__funnelshift_r((unsigned)((int)x5), (unsigned)((int)x1), (unsigned)((unsigned)x4))) % pm) % pn));
  out[3] = (unsigned long long)((((short)x1) % pn));
}
__global__ void k27(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((int)x4));
  out[1] = (unsigned long long)(((int)x3));
  out[2] = (unsigned long long)((~((~(((unsigned)x3) >= ((long long)x4) ? ((short)x1) : ((long long)x4))) / 7)));
  out[3] = (unsigned long long)(((int)((unsigned)((!(((unsigned)x2) != ((unsigned char)x4)) || (((unsigned short)x1) != ((long long)x4))) ? ((long long)x0) : ((unsigned char)x3)) - (unsigned)(((unsigned char)x1) / pm))));
}
__global__ void k28(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)((!(((!((((int)x0) / pq) < (((long long)x1) > ((short)x5) ? ((unsigned short)x3) : ((short)x5))) && ((!((long long)x2)) > ((int)x1))) ? (((unsigned)x5) > ((short)x2) ? ((unsigned short)x3) : ((short)x2)) : ((unsigned long long)x5)) <= (__clzll((long long)((unsigned char)((long long)x5))))) && !(((short)x4) <= (((long long)((short)x0)) | ((unsigned long long)x0)))));
  out[1] = (unsigned long long)(((((unsigned)(!((unsigned long long)x4))) << 14) | (((unsigned)(!((unsigned long long)x4))) >> 18)));
  out[2] = (unsigned long long)(((unsigned)((unsigned long long)x2)));
  out[3] = (unsigned long long)(((((unsigned)((int)x2)) << 27) | (((unsigned)((int)x2)) >> 5)));
}
__global__ void k29(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {
  const volatile unsigned long long *vin = in;
  unsigned long long x0 = vin[0];
  unsigned long long x1 = vin[1];
  unsigned long long x2 = vin[2];
  unsigned long long x3 = vin[3];
  unsigned long long x4 = vin[4];
  unsigned long long x5 = vin[5];
  out[0] = (unsigned long long)(((short)x5));
  out[1] = (unsigned long long)((!((~((((int)x0) < ((long long)x3)) && (((unsigned)x1) < ((unsigned)x2)))) > ((~((signed char)x1)) / pn)) || (((short)x3) <= ((unsigned short)x3))));
  out[2] = (unsigned long long)(((__clzll((long long)(~((short)x2)))) / pq));
  out[3] = (unsigned long long)(((short)x2));
}

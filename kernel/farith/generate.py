#!/usr/bin/env python3
# Regenerates kernel/farith/: random float and double C expressions (+ - * /, sqrt, fmin, fmax,
# fabs, negation, copysign, comparisons and ?:, floor, ceil, trunc, rint, round, conversions between float,
# double and int in every rounding, CUDA's rounding intrinsics __fadd_rz ... __fmaf_rd,
# __dmul_ru ..., __saturatef), compiled by nvcc into farith.ptx with -fmad=false (so that every
# operation rounds as written: a mul and an add ptxas may fuse are another question, tested in
# litmus/fusion.test.ts), and run by the host's C compiler (IEEE arithmetic in the rounding mode
# the intrinsic names, conversions saturating as PTX's cvt does) for the expected bits in
# farith.json, which kernel/farith.test.ts checks ptxmm against. A NaN is expected as any NaN:
# the ISA leaves its bits open. Needs python3, g++ and nvcc:
#   python3 kernel/farith/generate.py
# (The seed is fixed: the same source, and PTX as nvcc 13 writes it.)
import random, subprocess, os, json, tempfile, re, struct
seed = 2026; K = 30; N = 4; NF = 6; ND = 3
rnd = random.Random(seed)
D = os.path.dirname(os.path.abspath(__file__)); T = tempfile.mkdtemp()
FVALS = [0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 2.5, -2.5, 1.5, 3.0, 1e-40, -1e-45, 1.17549435e-38, 3.4e38, -3.4e38, 16777217.0, 1e10, 123.456,
         float('inf'), float('-inf'), float('nan'), 2147483648.0, -2147483904.0, 4294967296.0, 0.3333333, 7.0, 1e-7]
DVALS = [0.0, -0.0, 1.0, 0.1, -2.5, 1e300, -1e-310, 1e-320, 9007199254740993.0, 3.0, float('inf'), float('nan'), 2.5, 1e-30, 123456789.123, 1.0000000000000002]
RND = ['rn', 'rz', 'ru', 'rd']
CMPS = ['<', '<=', '>', '>=', '==', '!=']

def fexpr(depth):
    """A float expression."""
    if depth <= 0 or rnd.random() < 0.2:
        return rnd.choice([f'x{rnd.randrange(NF)}'] * 4 + [f'{rnd.choice(["0.5f", "1.0f", "-3.0f", "0.1f", "1e-30f", "1e30f"])}'])
    k = rnd.randrange(16)
    a = lambda: fexpr(depth - 1)
    if k <= 3: return f'({a()} {"+-*/"[k]} {a()})'
    if k == 4: return f'sqrtf({a()})'
    if k == 5: return f'{rnd.choice(["fminf", "fmaxf"])}({a()}, {a()})'
    if k == 6: return rnd.choice([f'fabsf({a()})', f'(-({a()}))', f'copysignf({a()}, {a()})'])
    if k == 7: return f'({a()} {rnd.choice(CMPS)} {a()} ? {a()} : {a()})'
    if k == 8: return f'{rnd.choice(["floorf", "ceilf", "truncf", "rintf", "roundf"])}({a()})'
    if k == 9: return f'((float){dexpr(depth - 1)})'
    if k == 10: return rnd.choice([f'((float){iexpr(depth - 1)})', f'__int2float_{rnd.choice(RND)}({iexpr(depth - 1)})', f'__uint2float_{rnd.choice(RND)}((unsigned){iexpr(depth - 1)})'])
    if k == 11: return f'__f{rnd.choice(["add", "sub", "mul", "div"])}_{rnd.choice(RND)}({a()}, {a()})'
    if k == 12: return f'__fsqrt_{rnd.choice(RND)}({a()})'
    if k == 13: return f'__fmaf_{rnd.choice(RND)}({a()}, {a()}, {a()})'
    if k == 14: return f'__saturatef({a()})'
    return f'__double2float_{rnd.choice(RND)}({dexpr(depth - 1)})'

def dexpr(depth):
    """A double expression."""
    if depth <= 0 or rnd.random() < 0.25:
        return rnd.choice([f'y{rnd.randrange(ND)}'] * 3 + [f'((double)x{rnd.randrange(NF)})', '0.1', '1e-300'])
    k = rnd.randrange(10)
    a = lambda: dexpr(depth - 1)
    if k <= 3: return f'({a()} {"+-*/"[k]} {a()})'
    if k == 4: return f'sqrt({a()})'
    if k == 5: return f'{rnd.choice(["fmin", "fmax"])}({a()}, {a()})'
    if k == 6: return rnd.choice([f'{rnd.choice(["floor", "ceil", "trunc", "rint", "round", "fabs"])}({a()})', f'copysign({a()}, {a()})'])
    if k == 7: return f'__d{rnd.choice(["add", "mul", "div"])}_{rnd.choice(RND)}({a()}, {a()})'
    if k == 8: return f'__fma_{rnd.choice(RND)}({a()}, {a()}, {a()})'
    return rnd.choice([f'((double){fexpr(depth - 1)})', f'((double){iexpr(depth - 1)})'])

def iexpr(depth):
    """An int expression from floats (a conversion, saturating as PTX's cvt does, or a comparison)."""
    k = rnd.randrange(4)
    if k == 0: return f'__float2int_{rnd.choice(RND)}({fexpr(depth - 1)})'
    if k == 1: return f'(int)__float2uint_{rnd.choice(RND)}({fexpr(depth - 1)})'
    if k == 2: return f'__double2int_{rnd.choice(RND)}({dexpr(depth - 1)})'
    return f'({fexpr(depth - 1)} {rnd.choice(CMPS)} {fexpr(depth - 1)})'

def out(e, kind):
    if kind == 'f': return f'__float_as_uint({e})'
    if kind == 'd': return f'(unsigned long long)__double_as_longlong({e})'
    return f'(unsigned)({e})'

kernels = []
for k in range(K):
    outs = []
    for _ in range(N):
        kind = rnd.choice('ffdi')
        e = fexpr(rnd.choice([1, 2, 3])) if kind == 'f' else dexpr(rnd.choice([1, 2, 3])) if kind == 'd' else iexpr(rnd.choice([2, 3]))
        outs.append((kind, e))
    fins = [rnd.choice(FVALS) for _ in range(NF)]
    dins = [rnd.choice(DVALS) for _ in range(ND)]
    kernels.append((outs, fins, dins))

def body(outs):
    s = '  const volatile float *vx = x;\n  const volatile double *vy = y;\n'
    s += ''.join(f'  float x{i} = vx[{i}];\n' for i in range(NF)) + ''.join(f'  double y{i} = vy[{i}];\n' for i in range(ND))
    return s + '\n'.join(f'  out[{i}] = {out(e, kind)};' for i, (kind, e) in enumerate(outs))

cu = []
for k, (outs, _, _) in enumerate(kernels):
    cu.append(f'__global__ void k{k}(const float *x, const double *y, unsigned long long *out) {{\n{body(outs)}\n}}')
open(f'{D}/farith.cu', 'w').write('\n'.join(cu) + '\n')

# The host's versions of CUDA's intrinsics: IEEE operations in the rounding mode they name
# (-frounding-math), conversions to integers as PTX's cvt: NaN 0, saturated to the range.
HELPERS = r'''#include <cstdio>
#include <cstring>
#include <cmath>
#include <cfenv>
#include <climits>
static const int MODES[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
#define ROUNDED(m, expr) ({ fesetround(MODES[m]); volatile auto r_ = (expr); fesetround(FE_TONEAREST); r_; })
#define FOUR(name, T, body) \
  static T name##_rn(T a, T b) { return ROUNDED(0, body); } static T name##_rz(T a, T b) { return ROUNDED(1, body); } \
  static T name##_ru(T a, T b) { return ROUNDED(2, body); } static T name##_rd(T a, T b) { return ROUNDED(3, body); }
FOUR(__fadd, float, a + b) FOUR(__fsub, float, a - b) FOUR(__fmul, float, a * b) FOUR(__fdiv, float, a / b)
FOUR(__dadd, double, a + b) FOUR(__dmul, double, a * b) FOUR(__ddiv, double, a / b)
#define FOUR1(name, T, A, body) \
  static T name##_rn(A a) { return ROUNDED(0, body); } static T name##_rz(A a) { return ROUNDED(1, body); } \
  static T name##_ru(A a) { return ROUNDED(2, body); } static T name##_rd(A a) { return ROUNDED(3, body); }
FOUR1(__fsqrt, float, float, sqrtf(a)) FOUR1(__int2float, float, int, (float)a) FOUR1(__uint2float, float, unsigned, (float)a)
FOUR1(__double2float, float, double, (float)a)
#define FOUR3(name, T, body) \
  static T name##_rn(T a, T b, T c) { return ROUNDED(0, body); } static T name##_rz(T a, T b, T c) { return ROUNDED(1, body); } \
  static T name##_ru(T a, T b, T c) { return ROUNDED(2, body); } static T name##_rd(T a, T b, T c) { return ROUNDED(3, body); }
FOUR3(__fmaf, float, fmaf(a, b, c)) FOUR3(__fma, double, fma(a, b, c))
static long long toInt(double r, long long lo, long long hi) { return std::isnan(r) ? 0 : r < (double)lo ? lo : r > (double)hi ? hi : (long long)r; }
// To an integer: rounded to an integral value by the mode (rint rounds half to even), then clamped.
#define CVT(name, A, T, lo, hi) \
  static T name##_rn(A a) { return (T)toInt(std::rint((double)a), lo, hi); } static T name##_rz(A a) { return (T)toInt(std::trunc((double)a), lo, hi); } \
  static T name##_ru(A a) { return (T)toInt(std::ceil((double)a), lo, hi); } static T name##_rd(A a) { return (T)toInt(std::floor((double)a), lo, hi); }
CVT(__float2int, float, int, INT_MIN, INT_MAX) CVT(__float2uint, float, unsigned, 0, UINT_MAX) CVT(__double2int, double, int, INT_MIN, INT_MAX)
// PTX's min and max: a NaN gives the other operand, and -0.0 is below +0.0.
template <class F> static F pmin(F a, F b) { if (std::isnan(a)) return b; if (std::isnan(b)) return a; if (a == 0 && b == 0) return std::signbit(a) ? a : b; return a < b ? a : b; }
template <class F> static F pmax(F a, F b) { if (std::isnan(a)) return b; if (std::isnan(b)) return a; if (a == 0 && b == 0) return std::signbit(a) ? b : a; return a > b ? a : b; }
#define fminf pmin<float>
#define fmaxf pmax<float>
#define fmin pmin<double>
#define fmax pmax<double>
// libdevice clamps to [+0.0, 1.0], and says both 0 for x < 0 and x for 0 <= x <= 1: -0.0 is either.
// ptxmm's .sat takes -0.0 as below +0.0 (README), as min and max do; so does this.
// A NaN's sign is no IEEE fact: x86 makes negative NaNs, the GPU (and ptxmm) the positive
// 0x7FFFFFFF, which copysign would copy. A NaN sign source is taken as positive.
static float pcopysignf(float a, float b) { return __builtin_copysignf(a, std::isnan(b) ? 1.0f : b); }
static double pcopysign(double a, double b) { return __builtin_copysign(a, std::isnan(b) ? 1.0 : b); }
#define copysignf pcopysignf
#define copysign pcopysign
static float __saturatef(float a) { return std::isnan(a) || std::signbit(a) ? 0.0f : a > 1 ? 1.0f : a; }
static unsigned __float_as_uint(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static long long __double_as_longlong(double d) { long long u; memcpy(&u, &d, 8); return u; }
'''
host = [HELPERS]
for k, (outs, fins, dins) in enumerate(kernels):
    host.append(f'static void h{k}(const float *x, const double *y, unsigned long long *out) {{\n{body(outs)}\n}}')
host.append('int main() {')
fl = lambda v: repr(v) + 'f' if v == v and abs(v) != float('inf') else ('NAN' if v != v else ('INFINITY' if v > 0 else '-INFINITY'))
dl = lambda v: repr(v) if v == v and abs(v) != float('inf') else ('NAN' if v != v else ('INFINITY' if v > 0 else '-INFINITY'))
for k, (outs, fins, dins) in enumerate(kernels):
    host.append(f'  {{ float x[{NF}] = {{{", ".join(fl(v) for v in fins)}}}; double y[{ND}] = {{{", ".join(dl(v) for v in dins)}}}; unsigned long long out[{N}]; h{k}(x, y, out); printf("{k}"); for (int i = 0; i < {N}; i++) printf(" %llu", out[i]); printf("\\n"); }}')
host.append('}')
open(f'{T}/h.cpp', 'w').write('\n'.join(host) + '\n')
subprocess.run(['g++', '-O0', '-std=gnu++17', '-frounding-math', '-ffp-contract=off', '-o', f'{T}/h', f'{T}/h.cpp'], check=True)
hostout = subprocess.run([f'{T}/h'], capture_output=True, text=True, check=True).stdout.split('\n')
subprocess.run(['nvcc', '-ptx', '-arch=sm_90', '-O3', '-fmad=false', '-o', f'{D}/farith.ptx', f'{D}/farith.cu'], check=True)
ptx = open(f'{D}/farith.ptx').read()

def expect(i, kind, v):
    """The assertion on out[i]: the bits, or (a NaN) any NaN of the width."""
    v = int(v)
    if kind == 'f' and (v & 0x7fffffff) > 0x7f800000:
        return f'((out[{i}] > {0x7f800000} /\\ out[{i}] < {0x80000000}) \\/ (out[{i}] > {0xff800000} /\\ out[{i}] <= {0xffffffff}))'
    if kind == 'd' and (v & 0x7fffffffffffffff) > 0x7ff0000000000000:
        return f'((out[{i}] > {0x7ff0000000000000} /\\ out[{i}] < {0x8000000000000000}) \\/ out[{i}] > {0xfff0000000000000})'
    return f'out[{i}] == {v}'

fbits = lambda v: '0f%08X' % struct.unpack('<I', struct.pack('<f', v))[0]
dbits = lambda v: '0d%016X' % struct.unpack('<Q', struct.pack('<d', v))[0]
launches = []
for k, (outs, fins, dins) in enumerate(kernels):
    vals = hostout[k].split()[1:]
    entry = re.search(r'\.entry (\S*k%dP\S*)\(' % k, ptx).group(1)
    launches.append({'entry': entry, 'params': [f'x:f32[{NF}]=' + ','.join(fbits(v) for v in fins), f'y:f64[{ND}]=' + ','.join(dbits(v) for v in dins), f'out:u64[{N}]'],
                     'assert': ' /\\ '.join(expect(i, kind, v) for i, ((kind, _), v) in enumerate(zip(outs, vals))), 'source': [e for _, e in outs]})
json.dump(launches, open(f'{D}/farith.json', 'w'), indent=1)
print(f'{len(launches)} kernels written to {D}')

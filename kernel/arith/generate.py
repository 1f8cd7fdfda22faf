#!/usr/bin/env python3
# Regenerates kernel/arith/: random integer C expressions (types of every width, casts, shifts,
# comparisons, && || !, division by constants and by kernel parameters, rotates, funnel shifts,
# __popc, __clz, __brev, bytes and bit fields: __byte_perm, masks, sign-extended fields, byte
# packing; abs, __ffs, __sad, __usad, __mulhi and kin), compiled by nvcc into arith.ptx, and run by the host's C compiler
# (with its own versions of the CUDA intrinsics) for the expected values in arith.json, which
# kernel/arith.test.ts checks ptxmm against. Needs python3, g++ and nvcc:
#   python3 kernel/arith/generate.py
# (The seed is fixed: the same source, and PTX as nvcc 13 writes it.)
import random, subprocess, sys, os, json, tempfile
seed = 2026; K = 30
rnd = random.Random(seed)
D = os.path.dirname(os.path.abspath(__file__)); T = tempfile.mkdtemp()
TYPES = ['int', 'unsigned', 'long long', 'unsigned long long', 'short', 'unsigned short', 'signed char', 'unsigned char']
SIGNED = {'int', 'long long', 'short', 'signed char'}
WIDE = {'long long', 'unsigned long long'}
NIN = 6
VALS = [0, 1, 2, 3, 7, 255, 256, 65535, 65536, 0x7fffffff, 0x80000000, 0xffffffff, 0x100000000, 0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff, 0xfffffffffffffffe, 12345, 0xdeadbeef, 0x1234567890abcdef, 100, 31, 32, 63, 64]
def leaf(depth):
    i = rnd.randrange(NIN); t = rnd.choice(TYPES)
    return f'(({t})x{i})', t
def promote(t): return t if t in WIDE or t in ('int','unsigned') else 'int'
def expr(depth):
    if depth <= 0 or rnd.random() < 0.25: return leaf(depth)
    k = rnd.choice([0,1,2,3,3,4,5,6,7,8,9,10,10,10] + [11, 11, 11, 12, 12] + [13, 13, 13, 13] + [14, 14, 14])
    a, ta = expr(depth - 1); b, tb = expr(depth - 1)
    if k == 0:  # wrapping arithmetic via unsigned
        op = rnd.choice(['+', '-', '*'])
        u = 'unsigned long long' if (ta in WIDE or tb in WIDE) else 'unsigned'
        t = rnd.choice([u, 'int' if u == 'unsigned' else 'long long'])
        return f'(({t})(({u}){a} {op} ({u}){b}))', t
    if k == 1:
        op = rnd.choice(['&', '|', '^'])
        return f'({a} {op} {b})', None
    if k == 2:
        sh = rnd.choice(['<<', '>>']); w = 63 if promote(ta) in WIDE else 31
        if sh == '<<' and promote(ta) in SIGNED | {'int'}:
            u = 'unsigned long long' if promote(ta) in WIDE else 'unsigned'
            return f'(({u}){a} << ({b} & {w}))', u
        return f'({a} {sh} ({b} & {w}))', None
    if k == 3:  # division by a positive constant (nvcc: multiply-high by a magic number)
        op = rnd.choice(['/', '%'])
        C = rnd.choice([3, 5, 6, 7, 9, 10, 12, 25, 100, 1000, 7919, 65537, 1000003, 16, 2])
        return f'({a} {op} {C})', None
    if k == 4:
        cmp = rnd.choice(['<', '<=', '>', '>=', '==', '!='])
        c, tc = expr(depth - 1)
        return f'({a} {cmp} {b} ? {c} : {b})', None
    if k == 5:
        t = rnd.choice(TYPES)
        return f'(({t}){a})', t
    if k == 6:
        return f'(~{a})', None
    if k == 7:
        return f'(!{a})', 'int'
    if k == 9:
        c1 = rnd.choice(['<', '<=', '>', '>=', '==', '!=']); c2 = rnd.choice(['<', '<=', '>', '>=', '==', '!='])
        c, tc = expr(depth - 1); d, td = expr(depth - 1)
        lop = rnd.choice(['&&', '||'])
        neg1 = rnd.choice(['', '!']); neg2 = rnd.choice(['', '!'])
        inner = f'({neg1}({a} {c1} {b}) {lop} {neg2}({c} {c2} {d}))'
        if rnd.random() < 0.5:
            e, te = expr(depth - 1); f, tf = expr(depth - 1)
            return f'({inner} ? {e} : {f})', None
        return inner, 'int'
    if k == 10:  # division by a kernel parameter (div/rem, the divisor known before running)
        op = rnd.choice(['/', '%'])
        return f'({a} {op} {rnd.choice(["pn", "pm", "pq"])})', None
    if k == 11:  # popc, clz, brev (32 and 64 bits)
        f = rnd.choice(['__popc((unsigned)', '__clz((int)', '__brev((unsigned)', '__popcll((unsigned long long)', '__clzll((long long)', '__brevll((unsigned long long)'])
        return f'({f}{a}))', None
    if k == 12:  # rotates and funnel shifts
        if rnd.random() < 0.5:
            n = rnd.randrange(1, 32)
            return f'((((unsigned){a}) << {n}) | (((unsigned){a}) >> {32 - n}))', 'unsigned'
        f = rnd.choice(['__funnelshift_l', '__funnelshift_lc', '__funnelshift_r', '__funnelshift_rc'])
        c, tc = expr(depth - 1)
        return f'({f}((unsigned){a}, (unsigned){b}, (unsigned){c}))', 'unsigned'
    if k == 13:  # bytes and bit fields (nvcc writes prmt, bfi, and shifts with masks)
        f = rnd.randrange(8)
        if f == 0:  # a constant selector (nibbles 0..7: __byte_perm reads 3 bits of each)
            return f'(__byte_perm((unsigned){a}, (unsigned){b}, 0x{rnd.getrandbits(16) & 0x7777:x}))', 'unsigned'
        if f == 1:
            c, tc = expr(depth - 1)
            return f'(__byte_perm((unsigned){a}, (unsigned){b}, (unsigned){c} & 0x7777))', 'unsigned'
        if f == 2:
            return f'((((unsigned){a}) >> {rnd.choice([0, 4, 8, 12, 16, 20, 24])}) & {rnd.choice(["0xff", "0xffff", "0xf", "0xfff", "0x7", "0x1"])})', 'unsigned'
        if f == 3:  # a byte or half sign-extended
            t = rnd.choice(['signed char', 'short'])
            return f'((int)({t})(((unsigned){a}) >> {rnd.choice([0, 8, 16, 24] if t == "signed char" else [0, 8, 16])}))', 'int'
        if f == 4:  # a field inserted
            pos = rnd.randrange(0, 32); m = (1 << rnd.randrange(1, 32 - pos + 1)) - 1
            return f'((((unsigned){a}) & ~(0x{m:x}u << {pos})) | ((((unsigned){b}) & 0x{m:x}u) << {pos}))', 'unsigned'
        if f == 5:  # four bytes packed
            c, tc = expr(depth - 1); d, td = expr(depth - 1)
            return f'(((unsigned){a} & 0xff) | (((unsigned){b} & 0xff) << 8) | (((unsigned){c} & 0xff) << 16) | ((unsigned){d} << 24))', 'unsigned'
        if f == 6:
            return f'((((unsigned long long){a}) >> {rnd.randrange(0, 64)}) & {rnd.choice(["0xfffff", "0xff", "0xffffffffff", "0x3"])}ull)', 'unsigned long long'
        return f'((((unsigned){a}) >> ((unsigned){b} & 31)) & 0x{(1 << rnd.randrange(1, 32)) - 1:x}u)', 'unsigned'
    if k == 14:  # integer intrinsics (abs, bfind, sad, mul.hi, min, max)
        c, tc = expr(depth - 1)
        return '(' + rnd.choice([f'abs((int){a})', f'llabs((long long){a})', f'__ffs((int){a})', f'__ffsll((long long){a})',
                                 f'__sad((int){a}, (int){b}, (unsigned){c})', f'__usad((unsigned){a}, (unsigned){b}, (unsigned){c})',
                                 f'__mulhi((int){a}, (int){b})', f'__umulhi((unsigned){a}, (unsigned){b})', f'__mul64hi((long long){a}, (long long){b})',
                                 f'__umul64hi((unsigned long long){a}, (unsigned long long){b})', f'min((int){a}, (int){b})', f'max((unsigned){a}, (unsigned){b})']) + ')', None
    # unary minus via unsigned
    u = 'unsigned long long' if promote(ta) in WIDE else 'unsigned'
    return f'(({u})0 - ({u}){a})', u
N = 4
kernels = []
for k in range(K):
    outs = [expr(rnd.choice([1, 2, 3, 4]))[0] for _ in range(N)]
    ins = [rnd.choice(VALS) if rnd.random() < 0.7 else rnd.getrandbits(64) for _ in range(NIN)]
    ps = (rnd.choice([1, 2, 3, 7, 10, 4294967295, 65536, 12345]), rnd.choice([1, 3, -7, 10, 2147483647, -2147483647, -100]), rnd.choice([1, 3, 18446744073709551615, 4294967296, 1000000007]))
    kernels.append((outs, ins, ps))
cu = ['#include <cstdio>']
for k, (outs, ins, ps) in enumerate(kernels):
    body = '  const volatile unsigned long long *vin = in;\n' + ''.join(f'  unsigned long long x{i} = vin[{i}];\n' for i in range(NIN)) + '\n'.join(f'  out[{i}] = (unsigned long long)({e});' for i, e in enumerate(outs))
    cu.append(f'__global__ void k{k}(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {{\n{body}\n}}')
    cu.append(f'void h{k}(const unsigned long long *in, unsigned long long *out, unsigned pn, int pm, unsigned long long pq) {{\n{body}\n}}')
# The kernels go to arith.cu; the same bodies as host functions only to the host's program.
open(f'{D}/arith.cu', 'w').write('\n'.join(c for c in cu if not c.startswith('void ')) + '\n')
HELPERS = '''static int __popc(unsigned x) { return __builtin_popcount(x); }
static int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static unsigned __brev(unsigned x) { unsigned r = 0; for (int i = 0; i < 32; i++) if (x >> i & 1) r |= 1u << (31 - i); return r; }
static unsigned long long __brevll(unsigned long long x) { unsigned long long r = 0; for (int i = 0; i < 64; i++) if (x >> i & 1) r |= 1ull << (63 - i); return r; }
static unsigned fs(unsigned lo, unsigned hi, unsigned n, bool left) { unsigned long long x = ((unsigned long long)hi << 32) | lo; return left ? (unsigned)((x << n) >> 32) : (unsigned)(x >> n); }
static unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) { return fs(lo, hi, s & 31, true); }
static unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned s) { return fs(lo, hi, s < 32 ? s : 32, true); }
static unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) { return fs(lo, hi, s & 31, false); }
static int __ffs(int x) { return __builtin_ffs(x); }
static int __ffsll(long long x) { return __builtin_ffsll(x); }
static unsigned __sad(int x, int y, unsigned z) { return (x < y ? (unsigned)y - (unsigned)x : (unsigned)x - (unsigned)y) + z; }
static unsigned __usad(unsigned x, unsigned y, unsigned z) { return (x < y ? y - x : x - y) + z; }
static int __mulhi(int x, int y) { return (int)(((long long)x * y) >> 32); }
static unsigned __umulhi(unsigned x, unsigned y) { return (unsigned)(((unsigned long long)x * y) >> 32); }
static long long __mul64hi(long long x, long long y) { return (long long)(((__int128)x * y) >> 64); }
static unsigned long long __umul64hi(unsigned long long x, unsigned long long y) { return (unsigned long long)(((unsigned __int128)x * y) >> 64); }
static int min(int a, int b) { return a < b ? a : b; }
static unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
static int abs(int x) { return x < 0 ? -x : x; }
static long long llabs(long long x) { return x < 0 ? -x : x; }
static unsigned __byte_perm(unsigned x, unsigned y, unsigned s) { unsigned long long v = ((unsigned long long)y << 32) | x; unsigned r = 0; for (int n = 0; n < 4; n++) r |= (unsigned)((v >> (8 * ((s >> (4 * n)) & 7))) & 0xff) << (8 * n); return r; }
static unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned s) { return fs(lo, hi, s < 32 ? s : 32, false); }
'''
host = ['#include <cstdio>', HELPERS] + [c for c in cu[1:] if not c.startswith('__global__')]
host.append('int main() {')
for k, (outs, ins, ps) in enumerate(kernels):
    host.append(f'  {{ unsigned long long in[{NIN}] = {{{", ".join(str(v) + "ULL" for v in ins)}}}, out[{N}]; h{k}(in, out, {ps[0]}u, {ps[1]}, {ps[2]}ULL); printf("%d"); for (int i = 0; i < {N}; i++) printf(" %llu", out[i]); printf("\\n"); }}'.replace('printf("%d");', f'printf("{k}");'))
host.append('}')
open(f'{T}/h.cpp', 'w').write('\n'.join(host) + '\n')
subprocess.run(['g++', '-O0', '-fwrapv', '-o', f'{T}/h', f'{T}/h.cpp'], check=True)
hostout = subprocess.run([f'{T}/h'], capture_output=True, text=True, check=True).stdout.split('\n')
subprocess.run(['nvcc', '-ptx', '-arch=sm_90', '-O3', '-o', f'{D}/arith.ptx', f'{D}/arith.cu'], check=True)
ptx = open(f'{D}/arith.ptx').read()
launches = []
import re
for k, (outs, ins, ps) in enumerate(kernels):
    vals = hostout[k].split()[1:]
    entry = re.search(r'\.entry (\S*k%dP\S*)\(' % k, ptx).group(1)
    launches.append({'entry': entry, 'params': [f'in:u64[{NIN}]=' + ','.join(str(v) for v in ins), f'out:u64[{N}]', str(ps[0]), str(ps[1]), str(ps[2])],
                     'assert': ' /\\ '.join(f'out[{i}] == {v}' for i, v in enumerate(vals)), 'source': outs})
json.dump(launches, open(f'{D}/arith.json', 'w'), indent=1)
print(f'{len(launches)} kernels written to {D}')

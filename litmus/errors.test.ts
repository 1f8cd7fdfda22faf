// Malformed inputs: each gives one clear message at the right position, never a crash.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLitmus } from './parse.js';
import { LitmusError } from './errors.js';

interface Case {
  name: string;
  text: string;
  /** null: the error concerns the whole file, so it has no position. */
  at: [number, number] | null;
  message: string;
}

const cases: Case[] = [
  {
    // A misspelt scope (bar.gpu) made the whole test genuine PTX, and the error fell on the
    // valid Dartagnan arrive before it.
    name: "bar-misspelt-scope-after-dialect-arrive",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.cta.arrive 1, 64 | bar.cta.sync 1, 64 ;\n bar.gpu.sync 1, 64 | bar.cta.sync 1, 64 ;\nexists (x == 0)\n",
    at: [5, 6],
    message: "unknown qualifier '.gpu' for bar",
  },
  {
    name: "qualifier-twice",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.relaxed.cta.cta.u32 [x], 1 | ld.weak.u32 %r0, [x] ;\nexists (P1:%r0 == 1)\n",
    at: [4, 17],
    message: "'.cta' is written twice (one scope qualifier only)",
  },
  {
    name: "bar-dialect-count-negative",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.cta.sync 1, 1, -2 | bar.cta.sync 1, 1, -2 ;\nexists (x == 0)\n",
    at: [4, 21],
    message: "a barrier's thread count is a .u32 value: -2 is not one",
  },
  {
    name: "bar-count-over-u32",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.sync 1, 4294967296 | bar.sync 1, 4294967296 ;\nexists (x == 0)\n",
    at: [4, 14],
    message: "a barrier's thread count is a .u32 value: 4294967296 is not one",
  },
  {
    name: "bar-counts-differ",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.sync 1, 64 | bar.sync 1, 32 ;\n st.weak.u32 [x], 1 | ld.weak.u32 %r0, [x] ;\nexists (P1:%r0 == 0)\n",
    at: [4, 31],
    message: "P1's bar.sync 1, 32 waits for 32 threads (1 warp), P0's bar.sync 1, 64 (line 4) for 64 threads (2 warps): threads that may meet at a barrier must give it one thread count (ISA 9.7.12.1)",
  },
  {
    name: "bar-count-and-none",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.cta.sync 1, 1 | bar.cta.sync 1, 1, 2 ;\nexists (x == 0)\n",
    at: [4, 41],
    message: "P1's bar.cta.sync 1, 1, 2 waits for 2 threads, P0's bar.cta.sync 1, 1, 0 (line 4) for the threads that come (no count): threads that may meet at a barrier must give it one thread count (ISA 9.7.12.1)",
  },
  {
    name: "bar-count-register-written",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n mov.u32 %r9, 64 | bar.sync 1, 64 ;\n bar.sync 1, %r9 | ;\nexists (x == 0)\n",
    at: [5, 14],
    message: "P0's barrier thread count %r9 is written at line 4: a barrier's thread count must be known before the test runs (an immediate, or a register only its initial value sets)",
  },
  {
    name: "bar-count-register-not-warps",
    text: "PTX T\n{ x=0; P0:%r9=48; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.sync 1, %r9 | bar.sync 1, 64 ;\nexists (x == 0)\n",
    at: [4, 14],
    message: "the thread count of bar.sync must be a positive multiple of the warp size (32), since barriers count whole warps: P0's %r9 holds 48",
  },
  {
    name: "bar-count-register-address",
    text: "PTX T\n{ x=0; P0:%r9=x; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.sync 1, %r9 | bar.sync 1, 64 ;\nexists (x == 0)\n",
    at: [4, 14],
    message: "P0's barrier thread count %r9 holds the address of x, not a thread count",
  },
  {
    name: "bar-id-register-address",
    text: "PTX T\n{ x=0; P0:%r9=x; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.sync %r9 | bar.sync 1 ;\nexists (x == 0)\n",
    at: [4, 11],
    message: "P0's barrier id %r9 holds the address of x, not an id",
  },
  {
    name: "bar-id-register-may-meet",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n ld.weak.u32 %r1, [x] | barrier.sync 0, 96 ;\n barrier.sync %r1, 64 | ;\nexists (x == 0)\n",
    at: [4, 41],
    message: "P1's barrier.sync 0, 96 waits for 96 threads (3 warps), P0's barrier.sync %r1, 64 (line 5) for 64 threads (2 warps): threads that may meet at a barrier must give it one thread count (ISA 9.7.12.1) (an id or instance in a register the thread sets may name any barrier)",
  },
  {
    name: "bar-id-register-16",
    text: "PTX T\n{ x=0; P0:%r1=16; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.sync %r1 | bar.sync 1 ;\nexists (x == 0)\n",
    at: [4, 11],
    message: "barrier 16 does not exist: PTX has barriers 0 to 15",
  },
  {
    name: "bar-count-warps",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.sync 1, 2 | bar.sync 1, 64 ;\n st.weak.u32 [x], 1 | ld.weak.u32 %r0, [x] ;\nexists (P1:r0 == 1)\n",
    at: [4, 14],
    message: "the thread count of bar.sync must be a positive multiple of the warp size (32), since barriers count whole warps",
  },
  {
    name: "acquire-no-scope",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.global.acquire.u32 %r0, [x] ;\nexists (P1:r0 == 1)\n",
    at: [4, 33],
    message: "'.acquire' needs a scope (.cta, .cluster, .gpu or .sys)",
  },
  {
    name: "acquire-on-store",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.acquire.gpu x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 5],
    message: "'.acquire' is not allowed on st",
  },
  {
    name: "alias-undeclared",
    text: "PTX T\n{ s @ surface aliases x; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [2, 23],
    message: "s aliases x, which is not declared before it",
  },
  {
    name: "alias-self",
    text: "PTX T\n{ x=0;\ns @ surface aliases s; }\n P0@cta 0,gpu 0 ;\n ld.weak r0, x ;\nexists (P0:r0 == 0)\n",
    at: [3, 21],
    message: "s aliases itself: an alias names another location, declared before it",
  },
  {
    name: "atom-exch-type",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n atom.exch.u32 %r1, [x], 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 12],
    message: ".exch takes .b32 or .b64, not '.u32'",
  },
  {
    name: "atom-no-op",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n atom.relaxed.gpu r1, x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 2],
    message: "atom needs an operation (.add, .inc, .dec, .min, .max, .and, .or, .xor, .exch, .cas)",
  },
  {
    name: "atom-weak",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n atom.weak.add.u32 %r1, [x], 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 7],
    message: "'.weak' is not allowed on atom",
  },
  {
    name: "bad-char",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ; #\nexists (P1:r0 == 1)\n",
    at: [4, 33],
    message: "unexpected character '#'",
  },
  {
    name: "bad-proxy",
    text: "PTX T\n{ x=0; s @ shiny aliases x; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [2, 12],
    message: "unknown proxy 'shiny' (expected generic, texture, surface or constant)",
  },
  {
    name: "bare-doc",
    text: "PTX T\nthis is not quoted\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n",
    at: [2, 1],
    message: "expected doc strings in double quotes, or the init block {...}",
  },
  {
    name: "big-number",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 99999999999999999999 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 13],
    message: "number 99999999999999999999 does not fit in 64 bits (PTX values lie in -2^63 .. 2^64-1)",
  },
  {
    name: "bool-word",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (maybe)\n",
    at: [5, 9],
    message: "'maybe' is not a condition (expected a comparison such as P0:r0 == 1)",
  },
  {
    name: "cas-arity",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n atom.cas.b32 %r1, [x], 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 2],
    message: "atom.cas.b32 takes four operands (d, [a], b, c), got 3 operands",
  },
  {
    name: "column-count",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x | ld.weak r1, y ;\nexists (P1:r0 == 1)\n",
    at: [4, 47],
    message: "row has 3 columns but the placement row names 2 threads",
  },
  {
    name: "condition-thread",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P2:r0 == 1)\n",
    at: [5, 9],
    message: "thread P2 does not exist (the test has 2 threads)",
  },
  {
    name: "condition-unknown-loc",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (q == 1)\n",
    at: [5, 9],
    message: "the condition names location 'q', which the test never declares or accesses",
  },
  {
    name: "locations-unknown-loc",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nlocations [x; q;]\nexists (P1:r0 == 1)\n",
    at: [5, 15],
    message: "`locations` names location 'q', which the test never declares or accesses",
  },
  {
    name: "filter-unknown-loc",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nfilter (q == 0)\nexists (P1:r0 == 1)\n",
    at: [5, 9],
    message: "the filter names location 'q', which the test never declares or accesses",
  },
  {
    name: "dest-imm",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak 5, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 25],
    message: "the destination must be a register",
  },
  {
    name: "cta-in-two-clusters",
    text: "PTX T\n{ x=0; }\n P0@cta 0,cluster 0,gpu 0 | P1@cta 0,cluster 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [3, 29],
    message: "P1 puts CTA 0 of GPU 0 in cluster 1, but P0 puts it in cluster 0 (a CTA is in one cluster)",
  },
  {
    name: "cta-in-a-cluster-and-none",
    text: "PTX T\n{ x=0; }\n P0@cta 0,cluster 2,gpu 1 | P1@cta 1,gpu 1 | P2@cta 0,gpu 1 ;\n st.weak x, 1 | ld.weak r0, x | ;\nexists (P1:r0 == 1)\n",
    at: [3, 46],
    message: "P2 puts CTA 0 of GPU 1 in no cluster, but P0 puts it in cluster 2 (a CTA is in one cluster)",
  },
  {
    name: "dup-location",
    text: "PTX T\n{ x=0; x=1; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [2, 8],
    message: "location x is declared twice (first at line 2)",
  },
  {
    name: "duplicate-label",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n LC00: | ld.weak r0, x ;\n LC00: | ;\nexists (P1:r0 == 1)\n",
    at: [5, 2],
    message: "label LC00 is defined twice in P0 (first at line 4)",
  },
  {
    name: "duplicate-scope",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.relaxed.gpu.cta r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 32],
    message: "'.cta' conflicts with '.gpu' (one scope qualifier only)",
  },
  {
    name: "empty",
    text: "\n",
    at: null,
    message: "the file is empty",
  },
  {
    name: "fence-no-scope",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n fence.sc | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 2],
    message: "fence needs a scope (.cta, .cluster, .gpu or .sys)",
  },
  {
    name: "init-thread",
    text: "PTX T\n{ x=0; P3:r0=1; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [2, 8],
    message: "thread P3 does not exist (the test has 2 threads)",
  },
  {
    name: "membar-level",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n membar.gpu | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 9],
    message: "membar takes one level: membar.cta, membar.gl or membar.sys",
  },
  {
    name: "missing-label",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | bne r0, 0, LC05 ;\nexists (P1:r0 == 1)\n",
    at: [4, 28],
    message: "label LC05 does not exist in P1",
  },
  {
    name: "missing-scope-placement",
    text: "PTX T\n{ x=0; }\n P0@cta 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [3, 4],
    message: "placement of P0 is missing its gpu (write gpu N)",
  },
  {
    name: "missing-semicolon",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x\nexists (P1:r0 == 1)\n",
    at: [5, 1],
    message: "unexpected 'exists' (expected ',', ';', '|')",
  },
  {
    name: "mul-no-lo",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n mul.u32 %r1, %r1, 2 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 6],
    message: "mul needs .lo, .hi or .wide (mul.lo.u32): the full product is wider than the registers",
  },
  {
    name: "no-condition",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\n\n",
    at: [4, 31],
    message: "the test has no final condition (exists, ~exists or forall)",
  },
  {
    name: "no-placement",
    text: "PTX T\n{ x=0; }\n P0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [3, 2],
    message: "thread P0 has no placement (write P0@cta N,gpu N)",
  },
  {
    name: "not-ptx",
    text: "X86 T\n{ x=0; }\n P0 ;\nexists (x == 0)\n",
    at: [1, 1],
    message: "this is a X86 test; ptxmm reads PTX litmus tests (header 'PTX NAME')",
  },
  {
    name: "offset",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x+4], 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 17],
    message: "address offsets are not supported (each location is one variable)",
  },
  {
    name: "proxy-fence-kind",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n fence.proxy.shiny | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 14],
    message: "unknown proxy fence 'fence.proxy.shiny' (expected fence.proxy.alias, .async, .texture, .surface or .constant)",
  },
  {
    name: "red-cas",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n red.relaxed.gpu.cas.b32 [x], 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 18],
    message: "red has no '.cas' (use atom)",
  },
  {
    name: "relaxed-no-scope",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.relaxed x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 5],
    message: "'.relaxed' needs a scope (.cta, .cluster, .gpu or .sys)",
  },
  {
    name: "release-on-load",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.release.gpu r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 20],
    message: "'.release' is not allowed on ld",
  },
  {
    name: "scope-on-weak",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.gpu x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 10],
    message: "a weak access has no scope: drop '.gpu' or use .relaxed",
  },
  {
    name: "scope-without-sem",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.gpu.u32 [x], 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 5],
    message: "a scope needs a strong semantics: write .relaxed.gpu or .acquire/.release",
  },
  {
    name: "setp-no-cmp",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n setp.u32 %p1, %r1, 2 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 2],
    message: "setp needs a comparison (.eq, .ne, .lt, .le, .gt, .ge)",
  },
  {
    name: "setp-two-destinations",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.weak r0, x ;\n setp.eq.u32 %p1|%p2, r0, 1 ;\nexists (P0:r0 == 1)\n",
    at: [5, 14],
    message: "setp with two destinations (p|q) is not supported: write a second setp with the opposite comparison for q",
  },
  {
    name: "special-register-init",
    text: "PTX T\n{ x=0; P0:%ctaid.x = 1; }\n P0@cta 0,gpu 0 ;\n mov.u32 %r1, %ctaid.x ;\n st.global.u32 [x], %r1 ;\nexists (x == 1)\n",
    at: [2, 11],
    message: "%ctaid.x is a special register, which a test cannot set: a litmus thread stands for a whole warp, placed by the test's header (P0@cta 0,gpu 0), and has no thread or block index, lane or clock of its own; write the value as a constant (ptxmm kernel gives a kernel's threads theirs)",
  },
  {
    name: "special-register-read",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n mov.u32 %r1, %laneid ;\n st.global.u32 [x], %r1 ;\nexists (x == 1)\n",
    at: [4, 15],
    message: "P0 reads %laneid, a special register: a litmus thread stands for a whole warp, placed by the test's header (P0@cta 0,gpu 0), and has no thread or block index, lane or clock of its own; write the value as a constant (ptxmm kernel gives a kernel's threads theirs)",
  },
  {
    name: "thread-order",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P2@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [3, 19],
    message: "thread P2 is in column 1; expected P1 there",
  },
  {
    name: "two-conditions",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\nforall (P1:r0 == 0)\n",
    at: [6, 1],
    message: "a test has one final condition",
  },
  {
    name: "unclosed-paren",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1\n",
    at: [5, 19],
    message: "the test ends too early (a ')' is missing)",
  },
  {
    name: "unclosed-comment",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1) (* not closed\n",
    at: [5, 21],
    message: "a comment '(*' that no '*)' closes",
  },
  {
    name: "unknown-level",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,sm 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [3, 28],
    message: "unknown placement level 'sm' (expected warp, cta, cluster or gpu)",
  },
  {
    name: "unknown-opcode",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ldx.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 17],
    message: "unknown instruction 'ldx'",
  },
  {
    name: "nanosleep-untyped",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | nanosleep 100 ;\nexists (x == 1)\n",
    at: [4, 23],
    message: "nanosleep needs .u32 (nanosleep.u32 t)",
  },
  {
    name: "nanosleep-b32",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | nanosleep.b32 100 ;\nexists (x == 1)\n",
    at: [4, 33],
    message: "unknown qualifier '.b32' for nanosleep",
  },
  {
    name: "nanosleep-two-operands",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | nanosleep.u32 100, 2 ;\nexists (x == 1)\n",
    at: [4, 23],
    message: "nanosleep.u32 takes one operand (the time in nanoseconds), got 2 operands",
  },
  {
    name: "warp-barrier-in-litmus",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 | bar.warp.sync -1 ;\nexists (x == 1)\n",
    at: [4, 27],
    message: "bar.warp.sync (__syncwarp) is read in kernels (ptxmm kernel): a litmus test's thread stands for a whole warp",
  },
  {
    name: "cache-hint-on-strong-load",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.relaxed.gpu.global.cg.u32 %r1, [x] ;\nexists (P1:%r1 == 1)\n",
    at: [4, 45],
    message: "'.cg' (a cache operator) goes with a weak access only, not .relaxed",
  },
  {
    name: "l2-eviction-priority-on-a-scalar",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.global.L2::evict_last.u32 [x], 1 | ld.global.u32 %r1, [x] ;\nexists (P1:%r1 == 1)\n",
    at: [4, 12],
    message: "'.L2::evict_last' (an L2 eviction priority) goes with a 256-bit access only (.v8.b32 or .v4.b64, sm_100), as ptxas says; .L1::evict_last is the hint for other accesses",
  },
  {
    name: "prefetch-size-outside-global",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.shared.L2::64B.u32 %r1, [x] ;\nexists (P1:%r1 == 1)\n",
    at: [4, 33],
    message: "'.L2::64B' (a prefetch size) is for global memory, not .shared",
  },
  {
    name: "weak-nc",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.weak.global.nc.u32 %r1, [x] ;\nexists (P1:%r1 == 1)\n",
    at: [4, 38],
    message: "'.nc' is a weak load of global memory, written without a semantics (ld.global.nc.u32)",
  },
  {
    name: "guard-on-a-value-register",
    text: "PTX T\n{ x=2; y=0; }\n P0@cta 0,gpu 0 ;\n ld.global.u32 %r2, [x] ;\n @%r2 st.global.u32 [y], 1 ;\nexists (y == 1)\n",
    at: [5, 3],
    message: "P0 uses %r2 as a predicate here and as a 32-bit value at line 4:16: a PTX register has one type",
  },
  {
    name: "octal-in-a-dartagnan-cell-of-a-genuine-test",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0        | P1@cta 1,gpu 0 ;\n st.relaxed.gpu x, 010 | ld.relaxed.gpu.global.u32 %r1, [x] ;\nexists (P1:%r1 == 8)\n",
    at: [4, 20],
    message: "'010': a leading zero is read as octal in an instruction and as decimal by other tools: write the number without it",
  },
  {
    name: "header-without-a-name",
    text: "PTX\n\"doc\"\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n",
    at: [2, 1],
    message: "unexpected a doc string (expected the test name)",
  },
  {
    name: "atom-result-read-at-64-bits",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n atom.global.exch.b32 %r2, [x], 1 ;\n add.s64 %rd3, %r2, 0 ;\nexists (P0:%rd3 == 0)\n",
    at: [4, 23],
    message: "P0 uses %r2 as a 32-bit value here, and it is used as 64 bits at line 5:16: PTX gives a register one width, and only ld, st and cvt take one wider than their type",
  },
  {
    name: "initial-value-wider-than-its-reads",
    text: "PTX T\n{ P0:%r3 = 0x1FFFFFFFF; y=0; }\n P0@cta 0,gpu 0 ;\n add.u32 %r4, %r3, 1 ;\n st.global.u32 [y], %r4 ;\nexists (y == 0)\n",
    at: [4, 15],
    message: "P0 uses %r3 as a 32-bit value here, and its initial value 8589934591 needs 64 bits: PTX gives a register one width, and only ld, st and cvt take one wider than their type",
  },
  {
    name: "predicate-read-as-a-value",
    text: "PTX T\n{ P0:%r0 = 0; }\n P0@cta 0,gpu 0 ;\n setp.eq.u32 %p1, %r0, 0 ;\n add.u32 %r3, %p1, 5 ;\nexists (P0:%r3 == 6)\n",
    at: [5, 15],
    message: "P0 uses %p1 as a 32-bit value here and as a predicate at line 4:14: a PTX register has one type",
  },
  {
    name: "predicate-initialised-to-two",
    text: "PTX T\n{ P0:%p1 = 2; y=0; }\n P0@cta 0,gpu 0 ;\n @%p1 st.global.u32 [y], 1 ;\nexists (y == 1)\n",
    at: [2, 6],
    message: "%p1 is a predicate in P0: it starts at 0 or 1, not 2",
  },
  {
    name: "typed-access-with-a-bare-address",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.global.u32 x, 1 | ld.global.u32 %r1, [x] ;\nexists (P1:%r1 == 1)\n",
    at: [4, 16],
    message: "an address in PTX is written in brackets: [x] (a bare x is Dartagnan's untyped form)",
  },
  {
    name: "special-register-as-destination",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.global.u32 [x], 1 | ld.global.u32 %laneid, [x] ;\nexists (x == 1)\n",
    at: [4, 39],
    message: "%laneid is a special register, which no instruction writes",
  },
  {
    name: "b128-access",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.global.u32 [x], 1 | ld.global.b128 %r1, [x] ;\nexists (x == 1)\n",
    at: [4, 35],
    message: "ld.b128: 128-bit accesses (.b128, sm_90) are not modelled",
  },
  {
    name: "cluster-barrier",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.global.u32 [x], 1 | barrier.cluster.arrive ;\nexists (x == 1)\n",
    at: [4, 33],
    message: "barrier.cluster: cluster-wide barriers (barrier.cluster, sm_90) are not modelled",
  },
  {
    name: "counted-barrier-used-by-more-warps",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;\n bar.sync 1, 64 | bar.sync 1, 64 | bar.sync 1, 64 ;\nexists (x == 1)\n",
    at: [4, 14],
    message: "bar.sync 1, 64 counts 64 threads (2 warps), and 3 warps (P0, P1, P2) may use barrier 1 of their CTA: which arrivals then complete a phase depends on when they come, which ptxmm does not model (it meets each warp's k-th arrival with the others' k-th); give the count of all the warps that use it, or give the others a barrier of their own",
  },
  {
    name: "two-threads-one-warp",
    text: "PTX T\n{ x=0; }\n P0@warp 0,cta 0,gpu 0 | P1@warp 0,cta 0,gpu 0 ;\n bar.sync 1, 64 | bar.sync 1, 64 ;\nexists (x == 1)\n",
    at: [3, 26],
    message: "P1 is placed in warp 0 of CTA 0, as P0 is: a litmus thread stands for a whole warp, so two cannot share one (give each its own warp number)",
  },
  {
    name: "arrive-then-same-barrier-again",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.arrive 1, 64 | bar.sync 1, 64 ;\n bar.arrive 1, 64 | ;\nexists (x == 1)\n",
    at: [4, 2],
    message: "bar.arrive 1, 64 does not wait, and P0 may come to barrier 1 again (bar.arrive 1, 64, line 5) before the other warps arrive: both arrivals may then count in one phase (ISA 9.7.12.1 warns of a warp executing barrier.arrive and then another barrier instruction to the same barrier before the reset), which ptxmm does not model (it meets each warp's k-th arrival with the others' k-th); make the first a bar.sync, or wait at another barrier in between",
  },
  {
    // Round a loop, past a bar.arrive on another barrier (which does not wait either).
    name: "arrive-again-round-a-loop",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n L: | bar.sync 1, 64 ;\n bar.arrive 1, 64 | bar.sync 2, 64 ;\n bar.arrive 2, 64 | bar.sync 1, 64 ;\n ld.global.u32 %r1, [x] | bar.sync 2, 64 ;\n setp.eq.u32 %p1, %r1, 0 | ;\n @%p1 bra L | ;\nexists (x == 1)\n",
    at: [5, 2],
    message: "bar.arrive 1, 64 does not wait, and P0 may come to barrier 1 again (bar.arrive 1, 64, line 5) before the other warps arrive: both arrivals may then count in one phase (ISA 9.7.12.1 warns of a warp executing barrier.arrive and then another barrier instruction to the same barrier before the reset), which ptxmm does not model (it meets each warp's k-th arrival with the others' k-th); make the first a bar.sync, or wait at another barrier in between",
  },
  {
    name: "eviction-priority-on-volatile",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.volatile.global.L1::evict_last.u32 %r1, [x] ;\nexists (P1:%r1 == 1)\n",
    at: [4, 42],
    message: "'.L1::evict_last' (an eviction priority) does not go with .volatile",
  },
  {
    name: "fence-release-of-a-later-isa",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | fence.release.gpu ;\nexists (x == 1)\n",
    at: [4, 29],
    message: "fence.release.gpu: '.release' fences (PTX 8.0+) are not modelled: the memory model ptxmm checks (ISA 6.4 and 7.5, chapter 8) has fence.sc and fence.acq_rel",
  },
  {
    name: "fence-sync-restrict",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | fence.acquire.sync_restrict::shared::cluster.cluster ;\nexists (x == 1)\n",
    at: [4, 29],
    message: "fence.acquire.sync_restrict::shared::cluster.cluster: '.acquire' fences (PTX 8.0+) are not modelled: the memory model ptxmm checks (ISA 6.4 and 7.5, chapter 8) has fence.sc and fence.acq_rel",
  },
  {
    name: "proxy-fence-for-one-state-space",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | fence.proxy.async.global ;\nexists (x == 1)\n",
    at: [4, 35],
    message: "fence.proxy.async.global: proxy fences restricted to a state space or a direction (PTX 8.0+) are not modelled; ptxmm's are fence.proxy.alias, .async, .texture, .surface and .constant",
  },
  {
    name: "vector-access-in-a-litmus-test",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.global.v2.u32 {%r1,%r2}, [x] ;\nexists (x == 1)\n",
    at: [4, 40],
    message: "vector accesses (.v2, .v4, .v8) are not read in litmus tests: write one access per element (ptxmm kernel reads them)",
  },
  {
    name: "mmio-with-another-scope",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.mmio.relaxed.gpu.global.u32 %r1, [x] ;\nexists (x == 1)\n",
    at: [4, 26],
    message: "'.mmio' goes with .relaxed.sys only (ld.mmio.relaxed.sys.global.u32)",
  },
  {
    name: "mmio-in-shared-memory",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.mmio.relaxed.sys.shared.u32 %r1, [x] ;\nexists (x == 1)\n",
    at: [4, 43],
    message: "'.mmio' is for global memory, not .shared",
  },
  {
    name: "mmio-with-a-hint",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.mmio.relaxed.sys.global.L1::evict_last.u32 %r1, [x] ;\nexists (x == 1)\n",
    at: [4, 50],
    message: "'.L1::evict_last' does not go with .mmio",
  },
  {
    name: "eviction-priority-on-shared",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.relaxed.cta.shared.L1::evict_last.u32 %r1, [x] ;\nexists (P1:%r1 == 1)\n",
    at: [4, 45],
    message: "'.L1::evict_last' (an eviction priority) is for global memory, not .shared",
  },
  {
    name: "leading-zero-in-condition",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.relaxed.gpu.global.u32 [x], 8 ;\nexists (x == 010)\n",
    at: [5, 14],
    message: "'010': a leading zero is read as octal in an instruction and as decimal by other tools: write the number without it",
  },
  {
    name: "not-octal",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.relaxed.gpu.global.u32 [x], 09 ;\nexists (x == 9)\n",
    at: [4, 33],
    message: "'09' is no integer (a leading 0 makes it octal: digits 0 to 7)",
  },
  {
    name: "bar-red-in-litmus",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 | bar.red.or.pred %p1, 0, %p2 ;\nexists (x == 1)\n",
    at: [4, 27],
    message: "bar.red (__syncthreads_or, _and, _count) is read in kernels (ptxmm kernel): a litmus test's thread stands for a whole warp, whose threads' predicates it would combine",
  },
  {
    name: "unknown-qualifier",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak.u32 [x], 1 | ld.global.acquire.gpu.foo %r0, [x] ;\nexists (P1:r0 == 1)\n",
    at: [4, 45],
    message: "unknown qualifier '.foo' for ld",
  },
  {
    name: "volatile-scope",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.volatile.sys.u32 [x], 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 14],
    message: "'.volatile' cannot take a scope (it already means .relaxed.sys)",
  },
  {
    name: "xor-u32",
    text: "PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n xor.u32 %r1, %r1, 2 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n",
    at: [4, 6],
    message: "xor takes a bit type (.b32, .b64 or .pred), not '.u32'",
  },
  // Predicates are one bit in registers: and/or/xor/not/mov take .pred, nothing else does.
  {
    name: "shl-pred",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n shl.pred %p1, %p0, 1 ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "unknown qualifier '.pred' for shl",
  },
  {
    name: "ld-pred",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n ld.global.pred %p1, [x] ;\nexists (x == 0)\n",
    at: [4, 12],
    message: "unknown qualifier '.pred' for ld",
  },
  {
    name: "shf-no-mode",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n shf.l.b32 %r1, %r0, %r0, 3 ;\nexists (x == 0)\n",
    at: [4, 2],
    message: "shf needs a direction, a mode and a type (shf.l.wrap.b32)",
  },
  {
    name: "popc-b16",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n popc.b16 %r1, %r0 ;\nexists (x == 0)\n",
    at: [4, 7],
    message: "unknown qualifier '.b16' for popc",
  },
  {
    name: "bfe-position-immediate",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n bfe.u32 %r1, %r0, 256, 8 ;\nexists (x == 0)\n",
    at: [4, 20],
    message: "bfe's position must be 0..255 as an immediate (a register's low 8 bits count), not 256",
  },
  {
    name: "bfi-length-immediate",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n bfi.b32 %r1, %r0, 0, 3, -1 ;\nexists (x == 0)\n",
    at: [4, 26],
    message: "bfi's length must be 0..255 as an immediate (a register's low 8 bits count), not -1",
  },
  {
    name: "prmt-mode",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n prmt.b32.rc8 %r1, %r0, 0, 1 ;\nexists (x == 0)\n",
    at: [4, 11],
    message: "prmt.rc8 is not modelled: only prmt.b32 without a mode (what nvcc writes for __byte_perm)",
  },
  {
    name: "bfi-arity",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n bfi.b64 %rd1, %rd0, 0, 3 ;\nexists (x == 0)\n",
    at: [4, 2],
    message: "bfi.b64 takes five operands (f, a, b, pos, len), got 4 operands",
  },
  {
    name: "abs-unsigned",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n abs.u32 %r1, %r0 ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "unknown qualifier '.u32' for abs",
  },
  {
    name: "bfind-no-type",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n bfind.shiftamt %r1, %r0 ;\nexists (x == 0)\n",
    at: [4, 2],
    message: "bfind needs a type (.u32)",
  },
  {
    name: "sad-bits",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n sad.b32 %r1, %r0, %r0, 1 ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "sad takes an integer type (.u32, .s32, ...), not '.b32'",
  },
  {
    name: "mov-pred-address",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n mov.pred %p1, x ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "an address is not a predicate: mov.u64 takes a location's address",
  },
  // Issue 13, item 1: numbers past 2^53-1 were rounded (two CTAs became one).
  {
    name: "placement-past-2^53",
    text: "PTX T\n{ x=0; f=0; }\n P0@cta 9007199254740993,gpu 0 | P1@cta 9007199254740992,gpu 0 ;\n st.weak x, 1 | ld.acquire.cta r0, f ;\n st.release.cta f, 1 | ld.weak r1, x ;\n~exists (P1:r0 == 1 /\\ P1:r1 == 0)\n",
    at: [3, 9],
    message: "cta number 9007199254740993 is too large (at most 2^53-1)",
  },
  {
    name: "thread-number-past-2^53",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.weak r0, x ;\nexists (P9007199254740993:r0 == 1)\n",
    at: [5, 9],
    message: "thread number 9007199254740993 is too large (at most 2^53-1)",
  },
  {
    name: "u64-past-2^64",
    text: "PTX T\n{ .global .u64 x = 18446744073709551616; }\n P0@cta 0,gpu 0 ;\n ld.weak.u64 %rd0, [x] ;\nexists (P0:%rd0 == 1)\n",
    at: [2, 20],
    message: "number 18446744073709551616 does not fit in 64 bits (PTX values lie in -2^63 .. 2^64-1)",
  },
  // Item 2: a register the thread never writes was read as 0.
  {
    name: "condition-register-never-written",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r9 == 0)\n",
    at: [5, 12],
    message: "P1 never writes or initialises r9, so its final value says nothing (a misspelt register?)",
  },
  {
    name: "instruction-reads-register-never-written",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.weak.u32 %r1, [x] ;\n st.weak.u32 [x], %r11 ;\nexists (x == 1)\n",
    at: [5, 19],
    message: "P0 reads %r11, which it never writes or initialises",
  },
  // Item 3: a .u32 value is never -1; comparing it with -1 is a mistake, not a condition.
  {
    name: "constant-outside-the-type",
    text: "PTX T\n{ x = 4294967295; }\n P0@cta 0,gpu 0 ;\n atom.add.u32 %r1, [x], 1 ;\nexists (P0:%r1 == 4294967295 /\\ P0:%r1 == -1)\n",
    at: [5, 43],
    message: "-1 is not a value of P0:r1, an unsigned 32-bit value (0 .. 4294967295): the comparison cannot depend on the execution",
  },
  {
    name: "constant-outside-a-location",
    text: "PTX T\n{ .global .u8 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u8 [x], 1 ;\nexists (256 != x)\n",
    at: [5, 9],
    message: "256 is not a value of x, an unsigned 8-bit value (0 .. 255): the comparison cannot depend on the execution",
  },
  // Valid PTX read as a typo ("unknown instruction 'dp4a'", "unknown qualifier '.relu'").
  {
    name: "integer-instruction-not-modelled",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n dp4a.u32.u32 %r1, %r2, %r3, %r4 ;\nexists (x == 0)\n",
    at: [4, 2],
    message: "dp4a.u32.u32 is PTX that ptxmm does not model: integer dot products (dp4a, dp2a: __dp4a, __dp2a)",
  },
  {
    name: "dpx-qualifier-not-modelled",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n min.relu.s32 %r1, %r2, %r3 ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "min.relu: clamps at zero (.relu: the DPX functions __vimin_s32_relu and kin, sm_90) are not modelled",
  },
  // An order comparison the type decides was answered: `x < 0` never holds of an unsigned x.
  {
    name: "comparison-the-type-decides",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\nexists (x == 1 /\\ x < 0)\n",
    at: [5, 23],
    message: "x < 0 is false whatever the execution: x is an unsigned 32-bit value (0 .. 4294967295)",
  },
  {
    name: "comparison-the-type-decides-flipped",
    text: "PTX T\n{ .global .s8 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.s8 [x], 1 ;\nforall (127 >= x)\n",
    at: [5, 9],
    message: "127 >= x is true whatever the execution: x is a signed 8-bit value (-128 .. 127)",
  },
  // An initial value past the location's width was cut to its low bits without a word.
  {
    name: "initial-value-past-the-width",
    text: "PTX T\n{ .global .u32 x = 4294967296; }\n P0@cta 0,gpu 0 ;\n ld.global.u32 %r1, [x] ;\nexists (P0:%r1 == 0)\n",
    at: [2, 16],
    message: "the initial value 4294967296 does not fit x, a 32-bit location (-2147483648 .. 4294967295, read signed or unsigned)",
  },
  {
    name: "initial-value-past-a-byte",
    text: "PTX T\n{ .global .u8 x = 300; }\n P0@cta 0,gpu 0 ;\n ld.global.u8 %r1, [x] ;\nexists (P0:%r1 == 44)\n",
    at: [2, 15],
    message: "the initial value 300 does not fit x, an 8-bit location (-128 .. 255, read signed or unsigned)",
  },
  // Floating-point literals: told that floats are not modelled, where the literal stands
  // (the lexer once stopped at its '.' with "unexpected character").
  {
    name: "float-literal-decimal",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.global.b32 [x], 1.5 ;\nexists (x == 0)\n",
    at: [4, 21],
    message: "floating-point literal '1.5': a decimal floating-point literal stands only in a .f32 or .f64 operand (mov.f32, st.global.f64); elsewhere write a float's bits, as a 0f (0d) literal",
  },
  {
    name: "float-literal-in-condition",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.global.u32 [x], 1 ;\nexists (x == .5e3)\n",
    at: [5, 14],
    message: "floating-point literal '.5e3': a decimal floating-point literal stands only in a .f32 or .f64 operand (mov.f32, st.global.f64); elsewhere write a float's bits, as a 0f (0d) literal",
  },
  {
    name: "hex-float-in-u32-operand",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.global.u32 [x], 0f3F800000 ;\nexists (x == 0)\n",
    at: [4, 21],
    message: "floating-point literal '0f3F800000' in a .u32 operand: ptxas takes a 0f literal as its 32 bits in a .b32 or .f32 operand, and a 0d literal as its 64 bits in a .b64 or .f64 one",
  },
  {
    name: "hex-double-in-b32-operand",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n mov.b32 %r1, 0d3FF8000000000000 ;\nexists (P0:%r1 == 0)\n",
    at: [4, 15],
    message: "floating-point literal '0d3FF8000000000000' in a .b32 operand: ptxas takes a 0f literal as its 32 bits in a .b32 or .f32 operand, and a 0d literal as its 64 bits in a .b64 or .f64 one",
  },
  {
    // A shift amount is a .u32 whatever the instruction's type: ptxas refuses a 0f literal there
    // ("Arguments mismatch"), and it was read as a shift by 1065353216.
    name: "hex-float-as-shift-amount",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n mov.b32 %r1, 1 ;\n shl.b32 %r2, %r1, 0f3F800000 ;\nexists (P0:%r2 == 0)\n",
    at: [5, 20],
    message: "floating-point literal '0f3F800000' in a .u32 operand (a shift amount): ptxas takes a 0f literal as its 32 bits in a .b32 or .f32 operand, and a 0d literal as its 64 bits in a .b64 or .f64 one",
  },
  {
    name: "hex-float-initialising-u32",
    text: "PTX T\n{ .global .u32 x = 0f3F800000; }\n P0@cta 0,gpu 0 ;\n st.global.u32 [x], 1 ;\nexists (x == 0)\n",
    at: [2, 20],
    message: "floating-point literal '0f3F800000': ptxas takes a 0f literal as its 32 bits in a .b32 or .f32 operand, and a 0d literal as its 64 bits in a .b64 or .f64 one",
  },
  // Floating-point data is carried by ld, st, mov and selp (as bits), as ptxas reads their operands.
  {
    name: "integer-in-f32-operand",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n st.global.f32 [x], 1 ;\nexists (x == 0)\n",
    at: [4, 21],
    message: "the integer 1 in a .f32 operand: ptxas takes a floating-point literal there (2.5, 0f40200000), not an integer (\"Arguments mismatch\")",
  },
  {
    name: "hex-double-in-f32-operand",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n mov.f32 %f1, 0d3FF8000000000000 ;\n st.global.f32 [x], %f1 ;\nexists (x == 0)\n",
    at: [4, 15],
    message: "'0d3FF8000000000000' in a .f32 operand: write a 0f literal (8 hexadecimal digits) there, or a decimal one; ptxas converts a hexadecimal literal of the other width differently by where it stands",
  },
  {
    name: "negative-hex-float",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n st.global.f32 [x], -0f3F800000 ;\nexists (x == 0)\n",
    at: [4, 21],
    message: "'-0f3F800000': a 0f or 0d literal takes no sign, as ptxas has it (flip its top bit instead)",
  },
  {
    name: "float-literal-overflowing-a-double",
    text: "PTX T\n{ .global .f64 x = 1e400; }\n P0@cta 0,gpu 0 ;\n st.global.f64 [x], 1.0 ;\nexists (x == 0)\n",
    at: [2, 20],
    message: "'1e400' does not fit in a double (ptxas: \"Constant overflow\")",
  },
  {
    name: "float-division-approximate",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n div.approx.f32 %f1, %f2, %f3 ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "div.approx is not modelled: the ISA bounds its error but does not say which value it gives (div.rn is the correctly rounded quotient, what nvcc writes by default)",
  },
  {
    name: "float-remainder",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n rem.f32 %f1, %f2, %f3 ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "floating-point rem (.f32) is not modelled: ptxmm computes add, sub, mul, fma, mad, div, rcp, sqrt, min, max, neg, abs, copysign, setp and cvt with .f32 and .f64 values, and adds them in memory (atom.add, red.add)",
  },

  // A mul/add pair ptxas may fuse is modelled (both values: litmus/fusion.ts) where the fused
  // add's operands are known at the add; the other shapes are refused at the add.
  {
    name: "float-mul-add-fusion-operand-written-between",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n ld.global.f32 %f1, [x] ;\n mul.f32 %f2, %f1, 3.0 ;\n ld.global.f32 %f1, [x] ;\n add.f32 %f3, %f2, 1.0 ;\nexists (x == 0)\n",
    at: [7, 2],
    message: "add.f32 %f3, %f2, 0f3F800000: ptxas may fuse it with mul.f32 %f2, %f1, 0f40400000 (line 5) into one fma (ISA add: a mul and an add without rounding modifiers may be fused), and ptxmm models that choice only for a mul and an add in one block with nothing between them writing the mul's operands; here %f1, an operand of the mul, is written between the two (line 6): write .rn on either (nvcc -fmad=false does), or fma.rn for the fused form",
  },
  {
    name: "float-mul-add-fusion-across-a-label",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n ld.global.f32 %f1, [x] ;\n mul.f32 %f2, %f1, 3.0 ;\n mov.f32 %f4, %f2 ;\n L: ;\n sub.f32 %f3, 1.0, %f4 ;\nexists (x == 0)\n",
    at: [8, 2],
    message: "sub.f32 %f3, 0f3F800000, %f4: ptxas may fuse it with a mul into one fma (ISA add: a mul and an add without rounding modifiers may be fused), and ptxmm models that choice only for a mul and an add in one block with nothing between them writing the mul's operands; here the mul (line 5) is in another block, or reaches the add through a label, a call or a guarded write: write .rn on either (nvcc -fmad=false does), or fma.rn for the fused form",
  },
  {
    name: "float-add-of-two-products",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n ld.global.f32 %f1, [x] ;\n mul.f32 %f2, %f1, 3.0 ;\n mul.f32 %f4, %f1, 2.0 ;\n add.f32 %f3, %f2, %f4 ;\nexists (x == 0)\n",
    at: [7, 2],
    message: "add.f32 %f3, %f2, %f4: ptxas may fuse it with mul.f32 %f2, %f1, 0f40400000 (line 5) into one fma (ISA add: a mul and an add without rounding modifiers may be fused), and ptxmm models that choice only for a mul and an add in one block with nothing between them writing the mul's operands; here both operands are products: ptxas may fuse either: write .rn on either (nvcc -fmad=false does), or fma.rn for the fused form",
  },
  {
    name: "fma-without-rounding",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n fma.f32 %f1, %f2, %f3, %f4 ;\nexists (x == 0)\n",
    at: [4, 2],
    message: "fma needs a rounding modifier (fma.rn.f32), as ptxas does",
  },
  {
    name: "ftz-on-f64",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n add.ftz.f64 %fd1, %fd2, %fd3 ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "'.ftz' does not go with add.f64 (ptxas: illegal modifier)",
  },
  {
    name: "rounding-on-min",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n min.rn.f32 %f1, %f2, %f3 ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "'.rn' does not go with min (ptxas: illegal modifier)",
  },
  {
    name: "cvt-float-from-int-without-rounding",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n cvt.f32.s32 %f1, %r1 ;\nexists (x == 0)\n",
    at: [4, 2],
    message: "cvt.f32.s32 needs a rounding modifier (.rn, .rz, .rm or .rp), as ptxas does",
  },
  {
    name: "cvt-float-to-int-float-rounding",
    text: "PTX T\n{ .global .f32 x = 0.0; }\n P0@cta 0,gpu 0 ;\n cvt.rn.s32.f32 %r1, %f1 ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "'.rn' is not a rounding cvt.s32.f32 takes (.rni, .rzi, .rmi or .rpi)",
  },
  {
    name: "half-float-load",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.global.f16 %h1, [x] ;\nexists (x == 0)\n",
    at: [4, 12],
    message: ".f16 data is not modelled: ld carries .f32 and .f64 data (as its bits), no other floating-point type",
  },
  {
    name: "half-float-location",
    text: "PTX T\n{ .global .f16 x = 0; }\n P0@cta 0,gpu 0 ;\n st.global.u16 [x], 1 ;\nexists (x == 0)\n",
    at: [2, 11],
    message: "unknown directive '.f16' in a declaration (expected a state space like .global and a type like .u32; of floating-point types, .f32 and .f64)",
  },
  {
    name: "address-as-float",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n mov.f32 %f1, x ;\nexists (x == 0)\n",
    at: [4, 6],
    message: "an address is not a floating-point value: mov.u64 takes a location's address",
  },
  // Item 14: what a user meets in odd input, shown as it is.
  {
    name: "invisible-character",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x,\u200b 1 ;\nexists (x == 1)\n",
    at: [4, 12],
    message: "unexpected character U+200B",
  },
  {
    name: "non-ascii-character",
    text: "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1é ;\nexists (x == 1)\n",
    at: [4, 14],
    message: "unexpected character 'é' (U+00E9)",
  },
  {
    name: "missing-init-brace",
    text: "PTX T\n\"a doc string\"\n x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n",
    at: [3, 2],
    message: "expected the init block '{' after the header and doc strings; found 'x'",
  },
  {
    name: "missing-init-block",
    text: "PTX T\n\"a doc string\"\n",
    at: [3, 1],
    message: "expected the init block '{' after the header and doc strings; the file ends",
  },
  // Item 15: genuine PTX that ptxas rejects is an error with a hint (checked against ptxas 13).
  {
    name: "ptxas-atom-sub",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n atom.global.sub.u32 %r1, [x], 1 ;\nexists (x == 0)\n",
    at: [5, 14],
    message: "atom has no .sub in PTX: use atom.add with the negated value (atom.sub is Dartagnan's dialect, written untyped: atom.relaxed.gpu.sub r0, x, 1)",
  },
  {
    name: "ptxas-red-acq_rel",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n red.acq_rel.gpu.global.add.u32 [x], 1 ;\nexists (x == 0)\n",
    at: [5, 6],
    message: "red takes .relaxed or .release, not .acq_rel: use atom.acq_rel for acquire semantics (red.acq_rel is Dartagnan's dialect, written untyped: red.acq_rel.gpu.add x, 1)",
  },
  {
    name: "ptxas-ld-untyped",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n ld.global.relaxed.gpu %r1, [x] ;\nexists (x == 0)\n",
    at: [5, 2],
    message: "ld needs a type in PTX (ld.global.u32); only Dartagnan's untyped form, with bare operands, may leave it out",
  },
  {
    name: "ptxas-atom-untyped",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n atom.global.add %r1, [x], 1 ;\nexists (x == 0)\n",
    at: [5, 2],
    message: "atom needs a type in PTX (atom.add.u32, atom.exch.b32); only Dartagnan's untyped form, with bare operands, may leave it out",
  },
  {
    name: "ptxas-st-const",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n st.const.u32 [x], 1 ;\nexists (x == 0)\n",
    at: [5, 5],
    message: "st cannot write .const: constant memory is read-only",
  },
  {
    name: "ptxas-relaxed-local",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n ld.relaxed.gpu.local.u32 %r1, [x] ;\nexists (x == 0)\n",
    at: [5, 5],
    message: "'.relaxed' cannot be used on .local (only weak accesses reach it)",
  },
  {
    name: "ptxas-atom-param",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n atom.param.add.u32 %r1, [x], 1 ;\nexists (x == 0)\n",
    at: [5, 7],
    message: "atom cannot operate on .param (global or shared memory only)",
  },
  {
    name: "ptxas-add-s64",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n atom.global.add.s64 %rd1, [x], 1 ;\nexists (x == 0)\n",
    at: [5, 18],
    message: ".add takes .u32, .s32 or .u64, not .s64 (write .u64: the sum is the same)",
  },
  {
    name: "ptxas-mov-u8",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n mov.u8 %r1, 1 ;\nexists (x == 0)\n",
    at: [5, 6],
    message: "mov has no 8-bit types: use .u16 or wider",
  },
  {
    name: "ptxas-mul-lo-order",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n mul.u32.lo %r1, 2, 3 ;\nexists (x == 0)\n",
    at: [5, 10],
    message: "write mul.lo.u32: ptxas wants .lo before the type",
  },
  {
    name: "ptxas-setp-lt-bits",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n setp.lt.b32 %p1, 1, 2 ;\nexists (x == 0)\n",
    at: [5, 7],
    message: "setp.lt orders numbers, and .b32 is untyped bits: use .u or .s types (only eq and ne compare bits)",
  },
  {
    name: "ptxas-setp-lo-signed",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n setp.lo.s32 %p1, 1, 2 ;\nexists (x == 0)\n",
    at: [5, 7],
    message: "setp.lo is an unsigned comparison: with .s32 write lt, le, gt or ge",
  },
  {
    name: "ptxas-mov-32-bit-address",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n mov.u32 %r1, x ;\nexists (x == 0)\n",
    at: [5, 6],
    message: "the address of x is 64 bits: write mov.u64 (ptxas has no 32-bit addresses on sm_90)",
  },
  {
    name: "ptxas-bar-arrive-no-count",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n bar.arrive 1 ;\nexists (x == 0)\n",
    at: [5, 2],
    message: "bar.arrive needs a thread count: bar.arrive a, b (b a multiple of 32)",
  },
  {
    name: "ptxas-bar-id-16",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n bar.sync 16 ;\nexists (x == 0)\n",
    at: [5, 11],
    message: "barrier 16 does not exist: PTX has barriers 0 to 15",
  },
  {
    name: "ptxas-bar-cta-last",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n bar.sync.cta 0 ;\nexists (x == 0)\n",
    at: [5, 11],
    message: "'.cta' comes right after bar (bar.cta.sync)",
  },
  {
    name: "ptxas-barrier-aligned-arrive",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n barrier.aligned.arrive 0, 64 ;\nexists (x == 0)\n",
    at: [5, 10],
    message: "write barrier.arrive.aligned: ptxas reads .aligned only after .arrive",
  },
  {
    name: "ptxas-space-mismatch",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n ld.shared.u32 %r1, [x] ;\nexists (x == 0)\n",
    at: [5, 22],
    message: "x is declared in .global, but this ld accesses .shared (write .global, or no space for a generic access)",
  },
  {
    name: "ptxas-membar-proxy-async",
    text: "PTX T\n{ .global .u32 x = 0; }\n P0@cta 0,gpu 0 ;\n st.weak.u32 [x], 1 ;\n membar.proxy.async ;\nexists (x == 0)\n",
    at: [5, 2],
    message: "membar.proxy has no .async: write fence.proxy.async",
  },
  {
    name: "only-comments",
    text: "// MP, from the ISA's examples\n(* nothing more *)\n",
    at: null,
    message: "the file has only comments (no header 'PTX NAME')",
  },
  {
    name: "unclosed-comment-before-header",
    text: "\n(* a licence\nPTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n",
    at: [2, 1],
    message: "a comment '(*' that no '*)' closes",
  },
  {
    name: "comment-before-header-then-no-init",
    text: "// a note\nPTX T\n\"doc\"\n P0@cta 0,gpu 0 ;\n",
    at: [4, 2],
    message: "expected the init block '{' after the header and doc strings; found 'P'",
  },
  {
    // Dartagnan's registers have no %: a bare name that is both is ambiguous (it read as the
    // register, a null pointer here).
    name: "register-and-location-one-bare-name",
    text: "PTX T\n{ a = 0; P1:a = 0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak a, 1 | ld.relaxed.gpu r2, a ;\nexists (P1:r2 == 1)\n",
    at: [4, 36],
    message: "'a' names both a location and a register of this thread: rename one (or write the register %a, as genuine PTX does)",
  },
  {
    name: "keyword-as-location",
    text: "PTX T\n{ exists = 0; }\n P0@cta 0,gpu 0 ;\n st.weak exists, 1 ;\nexists (exists == 1)\n",
    at: [2, 3],
    message: "'exists' is a keyword of the litmus format (exists, forall, filter, locations, aliases): it cannot name a location, a register or a label",
  },
  {
    name: "keyword-as-label",
    text: "PTX T\n{ x = 0; }\n P0@cta 0,gpu 0 ;\nforall: ;\n st.weak x, 1 ;\nexists (x == 1)\n",
    at: [4, 1],
    message: "'forall' is a keyword of the litmus format (exists, forall, filter, locations, aliases): it cannot name a location, a register or a label",
  },
  {
    // A condition that comes while an operand is still missing: the plain message, not the keyword's.
    name: "condition-before-last-operand",
    text: "PTX T\n{ x = 0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0,\nexists (P1:r0 == 1)\n",
    at: [5, 1],
    message: "unexpected 'exists'",
  },
];

test(`at least 30 malformed inputs are covered (${cases.length})`, () => {
  assert.ok(cases.length >= 30);
});

for (const c of cases) {
  test(`rejects: ${c.name}`, () => {
    try {
      parseLitmus(c.text, `${c.name}.litmus`);
    } catch (e) {
      assert.instance(e, LitmusError);
      const err = e as LitmusError;
      assert.is(err.message, c.message);
      assert.equal(c.at === null ? null : [err.line, err.col], c.at);
      assert.is(err.format(), `${c.name}.litmus${c.at ? `:${c.at[0]}:${c.at[1]}` : ''}: ${c.message}`);
      return;
    }
    assert.unreachable(`${c.name} was accepted`);
  });
}

test.run();

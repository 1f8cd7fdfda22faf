// Litmus families for the executor's scaling benchmark (bench/executor.ts) and the reduction
// test (executor/reduce.test.ts): SB-n and LB-n rings, relaxed accesses, each thread in its
// own CTA of one GPU, so that every pair of neighbours races and nothing synchronizes.
import { decls, family, table } from './families.js';

export type ExFamily = 'SB' | 'LB' | 'MP';

export function exFamily(kind: ExFamily, n: number): string {
  const x = (i: number): string => `x${i}`;
  const idx = Array.from({ length: n }, (_, i) => i);
  switch (kind) {
    case 'SB': {
      // Thread i stores x_i = 1, then loads x_{i+1}.
      const cols = idx.map((i) => [`st.relaxed.gpu.global.u32 [${x(i)}], 1`, `ld.relaxed.gpu.global.u32 %r0, [${x((i + 1) % n)}]`]);
      return `PTX SB-${n}\n${decls(idx.map(x))}\n${table(cols)}\nexists (${idx.map((i) => `P${i}:%r0 == 0`).join(' /\\ ')})\n`;
    }
    case 'LB': {
      // Thread i loads x_i, then stores x_{i+1} = 1.
      const cols = idx.map((i) => [`ld.relaxed.gpu.global.u32 %r0, [${x(i)}]`, `st.relaxed.gpu.global.u32 [${x((i + 1) % n)}], 1`]);
      return `PTX LB-${n}\n${decls(idx.map(x))}\n${table(cols)}\nexists (${idx.map((i) => `P${i}:%r0 == 1`).join(' /\\ ')})\n`;
    }
    case 'MP':
      // One producer (data, then a release flag), n - 1 acquiring consumers: bench/families.ts's.
      return family('MP', n);
  }
}

/**
 * A lock word taken by exchange in loops: two threads exchange until they read 0 (one twice
 * a round), a third stores to it twice; all relaxed.gpu in one CTA. Every exchange is a
 * morally strong write to the one location, ordered in coherence against the others: the
 * loop bound, not the threads, makes it grow.
 */
export const lockExchanges = `PTX lock-exchanges
{ x=0; }
 P0@cta 0,gpu 0                        | P1@cta 0,gpu 0            | P2@cta 0,gpu 0                        ;
 L0:                                   | st.relaxed.gpu.u32 [x], 1 | L2:                                   ;
 atom.relaxed.gpu.exch.b32 %r0, [x], 1 | st.relaxed.gpu.u32 [x], 1 | atom.relaxed.gpu.exch.b32 %r2, [x], 0 ;
 atom.relaxed.gpu.exch.b32 %r0, [x], 1 |                           | setp.ne.u32 %p0, %r2, 0               ;
 setp.ne.u32 %p0, %r0, 0               |                           | @%p0 bra L2                           ;
 @%p0 bra L0                           |                           |                                       ;
exists (P0:%r0 == 0 /\\ P2:%r2 == 0)
`;

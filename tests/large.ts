// Large generated tests of one shape each, n items long: for the parse benchmark (bench/parse.ts)
// and the tests of the limits they exercise (litmus/parse.test.ts, executor/machine.test.ts).

const times = (n: number, f: (i: number) => string, sep: string): string => Array.from({ length: n }, (_, i) => f(i)).join(sep);

export const LARGE: Record<'init entries' | 'rows' | 'threads' | 'condition terms', (n: number) => string> = {
  /** n locations, v0..v(n-1), location i initialised to i mod 7; one store to v0. */
  'init entries': (n) => `PTX L\n{ ${times(n, (i) => `v${i} = ${i % 7}`, '; ')}; }\n P0@cta 0,gpu 0 ;\n st.u32 [v0], 1 ;\nexists (v0 == 1)\n`,
  /** One thread of n stores to x. */
  rows: (n) => `PTX L\n{ x = 0; }\n P0@cta 0,gpu 0 ;\n${times(n, (i) => ` st.u32 [x], ${i + 1} ;`, '\n')}\nexists (x == 1)\n`,
  /** n threads, each one store to x. */
  threads: (n) => `PTX L\n{ x = 0; }\n ${times(n, (i) => `P${i}@cta 0,gpu 0`, ' | ')} ;\n ${times(n, () => 'st.u32 [x], 1', ' | ')} ;\nexists (x == 1)\n`,
  /** A condition of n comparisons joined by /\. */
  'condition terms': (n) => `PTX L\n{ x = 0; }\n P0@cta 0,gpu 0 ;\n ld.u32 %r0, [x] ;\nexists (${times(n, (i) => `P0:%r0 != ${i + 1}`, ' /\\ ')})\n`,
};

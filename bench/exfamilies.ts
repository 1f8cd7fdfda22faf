// Litmus families for the executor's scaling benchmark (bench/executor.ts) and the reduction
// test (executor/reduce.test.ts): SB-n and LB-n rings, relaxed accesses, each thread in its
// own CTA of one GPU, so that every pair of neighbours races and nothing synchronizes.
export type ExFamily = 'SB' | 'LB' | 'MP';

const decls = (locs: string[]): string => `{\n${locs.map((l) => `.global .u32 ${l} = 0;`).join('\n')}\n}`;

/** Columns as a litmus table: one column per thread, each in its own CTA. */
function table(cols: string[][]): string {
  const rows = Math.max(...cols.map((c) => c.length));
  const head = cols.map((_, i) => `P${i}@cta ${i},gpu 0`).join(' | ');
  const body = Array.from({ length: rows }, (_, r) => cols.map((c) => c[r] ?? '').join(' | ') + ' ;');
  return `${head} ;\n${body.join('\n')}`;
}

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
    case 'MP': {
      // One producer (data, then a release flag), n - 1 acquiring consumers.
      const prod = ['st.weak.global.u32 [data], 1', 'st.release.gpu.global.u32 [flag], 1'];
      const cons = ['ld.acquire.gpu.global.u32 %r0, [flag]', 'ld.weak.global.u32 %r1, [data]'];
      const cols = idx.map((i) => (i === 0 ? prod : cons));
      const bad = idx.slice(1).map((i) => `(P${i}:%r0 == 1 /\\ P${i}:%r1 == 0)`);
      return `PTX MP-${n}\n${decls(['data', 'flag'])}\n${table(cols)}\nexists (${bad.join(' \\/ ')})\n`;
    }
  }
}

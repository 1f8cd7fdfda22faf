// Litmus families that grow with the number of threads, for the scaling benchmarks: each a
// classic shape (ISA chapter 8.9.6) stretched to n threads, whose outcome is forbidden, so that
// verdict mode must rule out every execution and state listing finds 2^k - 1 states.
export type Family = 'MP' | 'SB' | 'LB' | 'IRIW';

export const decls = (locs: string[]): string => `{\n${locs.map((l) => `.global .u32 ${l} = 0;`).join('\n')}\n}`;

/** Columns as a litmus table: one column per thread, each in its own CTA of one GPU. */
export function table(cols: string[][]): string {
  const rows = Math.max(...cols.map((c) => c.length));
  const head = cols.map((_, i) => `P${i}@cta ${i},gpu 0`).join(' | ');
  const body = Array.from({ length: rows }, (_, r) => cols.map((c) => c[r] ?? '').join(' | ') + ' ;');
  return `${head} ;\n${body.join('\n')}`;
}

export function family(kind: Family, n: number): string {
  const x = (i: number): string => `x${i}`;
  const idx = Array.from({ length: n }, (_, i) => i);
  switch (kind) {
    case 'SB': {
      // Each thread stores its location, fence.sc, loads the next one's: not all loads see 0.
      const cols = idx.map((i) => [`st.global.u32 [${x(i)}], 1`, 'fence.sc.sys', `ld.global.u32 %r0, [${x((i + 1) % n)}]`]);
      return `PTX SB-${n}\n${decls(idx.map(x))}\n${table(cols)}\nexists (${idx.map((i) => `P${i}:%r0 == 0`).join(' /\\ ')})\n`;
    }
    case 'LB': {
      // Each thread loads its location and stores one more to the next: a cycle of data dependencies.
      const cols = idx.map((i) => [`ld.global.u32 %r0, [${x(i)}]`, 'or.b32 %r1, %r0, 1', `st.global.u32 [${x((i + 1) % n)}], %r1`]);
      return `PTX LB-${n}\n${decls(idx.map(x))}\n${table(cols)}\nexists (${idx.map((i) => `P${i}:%r0 == 1`).join(' /\\ ')})\n`;
    }
    case 'MP': {
      // One producer, n - 1 consumers: a consumer that acquires the flag sees the data.
      const prod = ['st.global.u32 [data], 1', 'st.release.gpu.global.u32 [flag], 1'];
      const cons = ['ld.acquire.gpu.global.u32 %r0, [flag]', 'ld.global.u32 %r1, [data]'];
      const cols = idx.map((i) => (i === 0 ? prod : cons));
      const bad = idx.slice(1).map((i) => `(P${i}:%r0 == 1 /\\ P${i}:%r1 == 0)`);
      return `PTX MP-${n}\n${decls(['data', 'flag'])}\n${table(cols)}\nexists (${bad.join(' \\/ ')})\n`;
    }
    case 'IRIW': {
      // n/2 writers, each its own location; n/2 readers in a ring, each reading two writers'
      // locations with fence.sc between: not every reader sees its first write and not the next.
      const w = Math.floor(n / 2);
      // (Relaxed, not weak: weak writes are not morally strong with the reads, and IRIW is then allowed.)
      const writers = Array.from({ length: w }, (_, i) => [`st.relaxed.gpu.global.u32 [${x(i)}], 1`]);
      const readers = Array.from({ length: n - w }, (_, j) => [
        `ld.relaxed.gpu.global.u32 %r0, [${x(j % w)}]`, 'fence.sc.sys', `ld.relaxed.gpu.global.u32 %r1, [${x((j + 1) % w)}]`,
      ]);
      const cond = readers.map((_, j) => `P${w + j}:%r0 == 1 /\\ P${w + j}:%r1 == 0`);
      return `PTX IRIW-${n}\n${decls(Array.from({ length: w }, (_, i) => x(i)))}\n${table([...writers, ...readers])}\nexists (${cond.join(' /\\ ')})\n`;
    }
  }
}

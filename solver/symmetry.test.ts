// Symmetry when listing states (solver/symmetry.ts): which tests have one, the orbits, and
// that listing with it gives exactly the states (and verdicts per state) listing without it
// gives, on every test of ours, the corpus's symmetric tests and rings of every family.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { family } from '../bench/families.js';
import { parseLitmus, readLitmusFiles } from '../litmus/parse.js';
import type { LitmusTest } from '../litmus/ast.js';
import { VADDR_STRIDE } from '../litmus/layout.js';
import { MODELS } from '../model/ptx.js';
import { CORPUS, OWN_TESTS, hasCorpus } from '../tests/paths.js';
import { observablesOf } from './enumerate.js';
import { runTest } from './run.js';
import { interchangeable, orbit, symmetryOf } from './symmetry.js';
import { encode } from './encode.js';
import { unroll } from './unroll.js';
import { openZ3, type Z3Session } from './z3.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const symOf = (text: string): Map<string, string> | null => {
  const t = parseLitmus(text);
  return symmetryOf(t, observablesOf(t));
};

const SB2 = (a: string, b: string, extra = ''): string => `PTX S
{ x=0; y=0; ${extra} }
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0         ;
 ${a} | ${b} ;
 ld.weak.u32 %r0, [y]   | ld.weak.u32 %r1, [x]   ;
exists (P0:%r0 == 0 /\\ P1:%r1 == 0)
`;

const RAW_ADDRESS = `PTX R
{ x=0; y=0; P0:%rd1=${VADDR_STRIDE}; P1:%rd1=${VADDR_STRIDE}; }
 P0@cta 0,gpu 0          | P1@cta 1,gpu 0          ;
 st.weak.u32 [x], 1      | st.weak.u32 [y], 1      ;
 ld.weak.u32 %r0, [%rd1] | ld.weak.u32 %r1, [%rd1] ;
exists (P0:%r0 == 0 /\\ P1:%r1 == 0)
`;

test('a ring is its own rotation: threads, their registers and locations move one place', () => {
  assert.equal(symOf(family('SB', 3)), new Map([['P0:r0', 'P1:r0'], ['P1:r0', 'P2:r0'], ['P2:r0', 'P0:r0']]));
  // Different register names in each thread are renamed with it.
  assert.equal(symOf(SB2('st.weak.u32 [x], 1', 'st.weak.u32 [y], 1')), new Map([['P0:r0', 'P1:r1'], ['P1:r1', 'P0:r0']]));
  // IRIW: writers and readers each rotate.
  assert.ok(symOf(family('IRIW', 4)));
});

test('no symmetry where renaming would change the test', () => {
  // Other values stored.
  assert.is(symOf(SB2('st.weak.u32 [x], 1', 'st.weak.u32 [y], 2')), null);
  // Other initial values for the locations it swaps.
  assert.is(symOf(SB2('st.weak.u32 [x], 1', 'st.weak.u32 [y], 1').replace('y=0;', 'y=5;')), null);
  // A register the code reads starts differently in the two threads.
  assert.is(symOf(SB2('st.weak.u32 [x], %r5', 'st.weak.u32 [y], %r6', 'P0:%r5=1; P1:%r6=2;')), null);
  assert.ok(symOf(SB2('st.weak.u32 [x], %r5', 'st.weak.u32 [y], %r6', 'P0:%r5=1; P1:%r6=1;')));
  // An address used as a value: renaming the location changes what is stored.
  const withRd = (s: string): string => s.replace('exists (', 'exists (P0:%rd1 == 0 /\\ P1:%rd1 == 0 /\\ ');
  assert.is(symOf(withRd(SB2('mov.u64 %rd1, x', 'mov.u64 %rd1, y'))), null);
  assert.ok(symOf(withRd(SB2('mov.u64 %rd1, 7', 'mov.u64 %rd1, 7'))));
  // An access through a register holding a number: both threads read x's address, which
  // swapping x and y does not move. (Taking the rotation here listed P0:r0=0 P1:r1=1, which no
  // execution reaches: P0 reads its own write.)
  assert.is(symOf(RAW_ADDRESS), null);
  // A filter, which the states found must also satisfy.
  assert.is(symOf(SB2('st.weak.u32 [x], 1', 'st.weak.u32 [y], 1').replace('exists', 'filter (P0:%r0 == 0)\nexists')), null);
  // Scopes: P0 and P1 share a CTA, P1 and P2 do not; rotating would make them.
  const ring = family('SB', 3).replace('P1@cta 1,gpu 0', 'P1@cta 0,gpu 0');
  assert.is(symOf(ring), null);
  // An observable whose image is not observed.
  assert.is(symOf(family('SB', 3).replace(/exists \(.*\)/, 'exists (P0:%r0 == 0)')), null);
  // Clusters as the engines read them: P0 and P1 name none, so each is in a cluster of its own
  // CTA; P2 and P3 share cluster 0. Swapping the pairs took them for alike (no cluster number
  // equals no cluster number), and listed P3's stale read, which cluster scope forbids.
  assert.is(symOf(CLUSTER_MP), null);
  assert.ok(symOf(CLUSTER_MP.replace('P0@cta 0,gpu 0', 'P0@cta 0,cluster 1,gpu 0').replace('P1@cta 1,gpu 0', 'P1@cta 1,cluster 1,gpu 0')));
});

const CLUSTER_MP = `PTX C
{ x=0; f=0; y=0; g=0; }
 P0@cta 0,gpu 0                | P1@cta 1,gpu 0                   | P2@cta 2,cluster 0,gpu 0      | P3@cta 3,cluster 0,gpu 0         ;
 st.relaxed.cluster.u32 [x], 1 | ld.acquire.cluster.u32 %r0, [f]  | st.relaxed.cluster.u32 [y], 1 | ld.acquire.cluster.u32 %r0, [g]  ;
 st.release.cluster.u32 [f], 1 | ld.relaxed.cluster.u32 %r1, [x]  | st.release.cluster.u32 [g], 1 | ld.relaxed.cluster.u32 %r1, [y]  ;
locations [P1:%r0; P1:%r1;]
exists (P3:%r0 == 1 /\\ P3:%r1 == 0)
`;

test('a cluster named for some threads and not others: the stale read only where no cluster is shared', async () => {
  const opt = { model: MODELS.ptx75!, bound: 2, timeoutMs: 60_000, mode: 'states' as const, checkBound: true, explain: false };
  const r = await runTest(z3, parseLitmus(CLUSTER_MP), opt);
  // Was Ok, from the image of P1's stale read.
  assert.is(r.validated, false);
  const stale = (t: string): number => r.states!.filter((st) => st.values.some(([k, v]) => k === `${t}:r0` && v === 1n) && st.values.some(([k, v]) => k === `${t}:r1` && v === 0n)).length;
  assert.is(stale('P3'), 0);
  assert.ok(stale('P1') > 0);
});

test('an orbit: the state and its images, each once', () => {
  const sym = symOf(family('SB', 4))!;
  const o = orbit(sym, [['P0:r0', 0n], ['P1:r0', 1n], ['P2:r0', 1n], ['P3:r0', 1n]]);
  assert.equal(o.map((v) => v.map(([, x]) => x).join('')), ['0111', '1011', '1101', '1110']);
  assert.is(orbit(sym, [['P0:r0', 1n], ['P1:r0', 1n], ['P2:r0', 1n], ['P3:r0', 1n]]).length, 1);
  assert.equal(orbit(sym, [['P0:r0', 0n], ['P1:r0', 1n], ['P2:r0', 0n], ['P3:r0', 1n]]).map((v) => v.map(([, x]) => x).join('')), ['0101', '1010']);
});

test('the same states and verdicts with and without symmetry', async () => {
  const tests: { file: string; test: LitmusTest }[] = [];
  const dirs = [OWN_TESTS, ...(hasCorpus ? [`${CORPUS}/litmus/PTX/Manual`, `${CORPUS}/litmus/PTX/Nvidia`, `${CORPUS}/litmus/PTX/Memalloy`] : [])];
  for (const f of readLitmusFiles(dirs)) if (f.test && symmetryOf(f.test, observablesOf(f.test))) tests.push({ file: f.file, test: f.test });
  for (const kind of ['SB', 'LB', 'MP', 'IRIW'] as const) for (const n of [3, 4, 6]) tests.push({ file: `${kind}-${n}`, test: parseLitmus(family(kind, n)) });
  const raw = await runTest(z3, parseLitmus(RAW_ADDRESS), { model: MODELS.ptx75!, bound: 2, timeoutMs: 60_000, mode: 'states', checkBound: true, explain: false });
  assert.equal(raw.states?.map((st) => st.values.map(([, v]) => v).join(' ')), ['1 0', '1 1']);
  assert.ok(tests.length >= (hasCorpus ? 45 : 30), `${tests.length} symmetric tests`);
  let orbits = 0;
  for (const { file, test: t } of tests) {
    for (const model of [MODELS.ptx60!, MODELS.ptx75!]) {
      const opt = { model, bound: 2, timeoutMs: 60_000, mode: 'states' as const, checkBound: true, explain: false };
      const a = await runTest(z3, t, { ...opt, symmetry: true });
      const b = await runTest(z3, t, { ...opt, symmetry: false });
      assert.equal(a.states, b.states, `${file} (${model.name})`);
      assert.is(a.validated, b.validated);
      assert.is(a.boundReached, b.boundReached);
      if (a.stats.queries < b.stats.queries) orbits++;
    }
  }
  // Not vacuous: symmetry saved queries on most of them.
  assert.ok(orbits >= tests.length, `${orbits} of ${2 * tests.length} runs saved queries`);
});

// Three copies of a lock-free increment, each in its own CTA; `extra` a fourth thread.
const COPIES = (head: string, cond: string, extra = ''): string => `PTX C
{ x=0; y=0; }
 ${head} ;
 atom.relaxed.gpu.add.u32 %r0, [x], 1 | atom.relaxed.gpu.add.u32 %r0, [x], 1 | atom.relaxed.gpu.add.u32 %r0, [x], 1${extra ? ` | ${extra}` : ''} ;
 st.relaxed.gpu.u32 [y], %r0          | st.relaxed.gpu.u32 [y], %r0          | st.relaxed.gpu.u32 [y], %r0${extra ? ' | ' : ''} ;
${cond}
`;
const THREE = 'P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0';

test('interchangeable threads: the same code and initial registers, placed alike toward each other and every other thread', () => {
  const groups = (text: string): number[][] => interchangeable(parseLitmus(text));
  assert.equal(groups(COPIES(THREE, 'exists (y == 3)')), [[0, 1, 2]]);
  assert.equal(groups(COPIES('P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0', 'exists (y == 3)')), [[0, 1, 2]], 'all in one CTA');
  // A fourth thread in P0's CTA tells P0 from the others: swapping P0 and P1 moves it.
  assert.equal(groups(COPIES(`${THREE} | P3@cta 0,gpu 0`, 'exists (y == 3)', 'ld.relaxed.gpu.u32 %r1, [y]')), []);
  assert.equal(groups(COPIES(`${THREE} | P3@cta 7,gpu 0`, 'exists (y == 3)', 'ld.relaxed.gpu.u32 %r1, [y]')), [[0, 1, 2]]);
  // P0 and P1 share a CTA, P2 does not.
  assert.equal(groups(COPIES('P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 2,gpu 0', 'exists (y == 3)')), []);
  // An initial register value, or one instruction, differs.
  assert.equal(groups(COPIES(THREE, 'exists (y == 3)').replace('y=0;', 'y=0; P2:%r5=1;')), [[0, 1]]);
  assert.equal(groups(COPIES(THREE, 'exists (y == 3)').replace(/add\.u32 %r0, \[x\], 1 ;/, 'add.u32 %r0, [x], 2 ;')), [[0, 1]]);
});

test('symmetry breaking: verdicts with it equal verdicts without it; none where the condition observes a copy\'s registers', async () => {
  const conds = ['exists (y == 3)', 'exists (y == 1)', '~exists (x == 2)', 'forall (x == 3)', 'exists (y == 2 /\\ x == 3)', 'exists (y == 0)', 'forall (y != 1 \\/ x == 3)'];
  let asked = 0;
  for (const model of [MODELS.ptx75!, MODELS.ptx60!]) {
    for (const cond of conds) {
      const t = parseLitmus(COPIES(THREE, cond));
      assert.ok(encode(t, unroll(t, 2), model, 60_000, true).symLit, `${cond}: the copies' first writes of x are ordered`);
      const opt = { model, bound: 2, timeoutMs: 60_000, mode: 'verdict' as const, checkBound: false, explain: false };
      const on = await runTest(z3, t, { ...opt, symmetry: true });
      const off = await runTest(z3, t, { ...opt, symmetry: false });
      assert.is(on.validated, off.validated, `${model.name} ${cond}`);
      asked++;
    }
  }
  assert.is(asked, 14);
  // The copies read 0, 1 and 2 from x: y ends 2 in some execution, never 3; x ends 3.
  const v = async (cond: string): Promise<boolean | 'unknown'> =>
    (await runTest(z3, parseLitmus(COPIES(THREE, cond)), { model: MODELS.ptx75!, bound: 2, timeoutMs: 60_000, mode: 'verdict', checkBound: false, explain: false })).validated;
  assert.equal([await v('exists (y == 2)'), await v('exists (y == 3)'), await v('forall (x == 3)')], [true, false, true]);
  // P1's register observed: renaming the copies would change the question.
  const seen = parseLitmus(COPIES(THREE, 'exists (P1:%r0 == 0)'));
  assert.is(encode(seen, unroll(seen, 2), MODELS.ptx75!, 60_000, true).symLit, null);
  // Explanations and state lists never use it (the encoding for explanations has no forced coherence).
  assert.is(encode(seen, unroll(seen, 2), MODELS.ptx75!, 60_000, false).symLit, null);
});

test('symmetry breaking on random programs of copies: every verdict as without it', async () => {
  // Copies of one random thread (in one CTA or one each), maybe one other thread placed apart,
  // beside or in a copy's CTA (which breaks the group), and a condition over memory.
  let seed = 20261201;
  const rnd = (n: number): number => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
  const pick = <T>(xs: readonly T[]): T => xs[rnd(xs.length)]!;
  const op = (k: number): string => {
    const l = pick(['x', 'y']);
    const sc = pick(['cta', 'gpu']);
    return pick([`st.relaxed.${sc}.u32 [${l}], ${1 + rnd(3)}`, `st.release.${sc}.u32 [${l}], ${1 + rnd(3)}`, `ld.acquire.${sc}.u32 r${k}, [${l}]`,
      `atom.relaxed.${sc}.add.u32 r${k}, [${l}], 1`, `atom.acq_rel.${sc}.cas.b32 r${k}, [${l}], 0, ${1 + rnd(2)}`, `fence.sc.${sc}`, `st.weak.u32 [${l}], ${1 + rnd(3)}`,
      `atom.relaxed.${sc}.exch.b32 r${k}, [${l}], ${rnd(3)}`]);
  };
  let broken = 0;
  let differ = 0;
  for (let i = 0; i < 50; i++) {
    const k = 2 + rnd(2);
    const code = Array.from({ length: 1 + rnd(3) }, (_, j) => op(j));
    const other = rnd(2) ? Array.from({ length: 1 + rnd(2) }, (_, j) => op(j)) : null;
    const oneCta = rnd(3) === 0;
    const otherCta = pick([9, 0, 1]);
    const n = k + (other ? 1 : 0);
    const head = Array.from({ length: n }, (_, t) => `P${t}@cta ${t < k ? (oneCta ? 0 : t) : otherCta},gpu 0`).join(' | ');
    const rows = Array.from({ length: Math.max(code.length, other?.length ?? 0) }, (_, r) =>
      ` ${Array.from({ length: n }, (_, t) => (t < k ? code[r] ?? '' : other![r] ?? '')).join(' | ')} ;`);
    const cmp = (): string => `${pick(['x', 'y'])} ${pick(['==', '!='])} ${rnd(4)}`;
    const cond = `${pick(['exists', '~exists', 'forall'])} (${rnd(2) ? cmp() : `${cmp()} ${pick(['/\\', '\\/'])} ${cmp()}`})`;
    const t = parseLitmus(`PTX R${i}\n{ x=0; y=0; }\n ${head} ;\n${rows.join('\n')}\n${cond}\n`);
    for (const model of [MODELS.ptx75!, MODELS.ptx60!]) {
      if (!encode(t, unroll(t, 2), model, 60_000, true).symLit) continue;
      broken++;
      const opt = { model, bound: 2, timeoutMs: 60_000, mode: 'verdict' as const, checkBound: false, explain: false };
      const on = await runTest(z3, t, { ...opt, symmetry: true });
      const off = await runTest(z3, t, { ...opt, symmetry: false });
      if (on.validated !== off.validated) differ++;
    }
  }
  assert.ok(broken >= 30, `${broken} verdicts with a group to break`);
  assert.is(differ, 0);
});

test.run();

// The example kernels (examples/kernels/: our CUDA sources, the PTX nvcc wrote from them, a
// spec each) give the answers in examples/kernels/EXPECTED.csv, and every execution shown for
// a broken property is confirmed by the concrete evaluator.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LitmusTest } from '../litmus/ast.js';
import { evaluate } from '../model/concrete.js';
import { ptx75 } from '../model/ptx.js';
import { openZ3 } from '../solver/z3.js';
import { ROOT } from '../tests/paths.js';
import { ptxmm } from '../tests/cli.js';
import { bruteKernel, racyLines } from '../tests/kernel-brute.js';
import { holds } from '../tests/conditions.js';
import { PTXMM_SCHEMA, validate } from '../tests/jsonschema.js';
import { readAssertion } from './assert.js';
import { instantiate } from './instantiate.js';
import { readModule } from './module.js';
import { parseDim, parseParam, readSpec } from './spec.js';
import { verifyKernel } from './verify.js';
import { candidateBound, enumerate } from '../solver/enumerate.js';
import { racyPairKey } from '../solver/races.js';
import { divergenceKey } from '../solver/divergence.js';
import { unroll } from '../solver/unroll.js';
import { runTest } from '../solver/run.js';

const DIR = join(ROOT, 'examples', 'kernels');

interface Row { example: string; grid: string; block: string; params: string; assertion: string; expect: Record<string, string> }

function rows(): Row[] {
  const [head, ...lines] = readFileSync(join(DIR, 'EXPECTED.csv'), 'utf8').trim().split('\n');
  assert.equal(head, 'example,grid,block,params,assertion,assert,races,liveness,barriers,abort');
  return lines.map((l) => {
    const [example, grid, block, params, assertion, a, races, liveness, barriers, abort] = l.split(',');
    return { example: example!, grid: grid!, block: block!, params: params!, assertion: assertion!, expect: { assert: a!, races: races!, liveness: liveness!, barriers: barriers!, abort: abort! } };
  });
}

/** Each property's verdicts as the CSV names them; unknown: no answer (for the final-state
 * properties, no execution finishes within the bound). */
const ANSWER: Record<string, Record<string, string>> = {
  assert: { holds: 'holds', fails: 'fails', unknown: 'unknown' },
  races: { holds: 'none', fails: 'racy', unknown: 'unknown' },
  liveness: { holds: 'live', fails: 'hangs', unknown: 'unknown' },
  barriers: { holds: 'uniform', fails: 'divergent', unknown: 'unknown' },
  abort: { holds: 'holds', fails: 'fails', unknown: 'unknown' },
};

test('every example kernel gives its expected answer, with a confirmed execution for each broken property', async () => {
  const all = rows();
  const specs = readdirSync(DIR).filter((f) => f.endsWith('.kernel.json')).map((f) => f.replace('.kernel.json', ''));
  for (const s of specs) assert.ok(all.some((r) => r.example === s), `${s} has a row in EXPECTED.csv`);
  assert.ok(all.some((r) => r.grid !== '2' || r.block !== '2'), 'some example runs at another grid');
  const z3 = await openZ3();
  try {
    for (const r of all) {
      const spec = readSpec(join(DIR, `${r.example}.kernel.json`));
      const launch = { ...spec.launch, grid: parseDim(r.grid, 'grid'), block: parseDim(r.block, 'block') };
      if (r.params) launch.params = r.params.split(' ').map(parseParam);
      const inst = instantiate(readModule(readFileSync(spec.ptx, 'utf8'), spec.ptx), launch);
      const texts = r.assertion ? [r.assertion] : spec.asserts.map((a) => a.text);
      const asserts = r.expect.assert === '-' ? [] : texts.map((t) => readAssertion(t, r.example, inst.test));
      const res = await verifyKernel(z3, inst, {
        model: ptx75, bound: spec.bound ?? 2, timeoutMs: 120_000, asserts,
        races: r.expect.races !== '-', liveness: r.expect.liveness !== '-', barriers: r.expect.barriers !== '-',
      });
      const at = `${r.example} grid ${r.grid} block ${r.block}`;
      // (The abort property is asked whenever the kernel has a trap or an assert: '-' says it has none.)
      for (const p of ['assert', 'races', 'liveness', 'barriers', 'abort'] as const) {
        const got = res[p];
        if (r.expect[p] === '-') { assert.is(got, null); continue; }
        assert.is(ANSWER[p]![got!.verdict], r.expect[p], `${at}: ${p}`);
      }
      if (res.assert?.verdict === 'fails') {
        const ex = res.assert.explanation!;
        assert.ok(ex.concrete?.consistent, `${at}: the assertion's counterexample is consistent`);
        assert.not.ok(asserts.every((a) => holds(a, new Map(ex.state))), `${at}: its final state breaks an assertion`);
      }
      if (res.abort?.verdict === 'fails') {
        const ex = res.abort.explanation!;
        assert.ok(ex.concrete?.consistent, `${at}: the abort's execution is consistent`);
        assert.ok(res.abort.aborts.length > 0, `${at}: a failed abort names the thread and its site`);
        for (const a of res.abort.aborts) assert.ok(ex.state.some(([k, v]) => k === `P${a.thread}:__abort` && v === BigInt(a.site.k)), `${at}: P${a.thread} reached site ${a.site.k}`);
      }
      for (const p of res.races?.result?.racy ?? []) {
        assert.ok(evaluate(ptx75, p.witness.execution.x).consistent, `${at}: race witness consistent`);
      }
      if (res.liveness?.verdict === 'fails') {
        const lr = res.liveness.result!;
        assert.ok(lr.witness && lr.stuck.length > 0, `${at}: a hang names its stuck threads`);
      }
      for (const d of res.barriers?.result?.divergent ?? []) {
        assert.ok(evaluate(ptx75, d.witness.execution.x).consistent, `${at}: divergence witness consistent`);
        assert.ok(new Set(d.times.map(([, n]) => n)).size > 1, `${at}: the threads of CTA ${d.cta} execute ${d.instr} unequally`);
      }
    }
  } finally {
    await z3.close();
  }
});

test('where brute force can enumerate a kernel, its assertion verdict, racy pairs and divergent barriers are brute force\'s', async () => {
  const z3 = await openZ3();
  let compared = 0;
  let racy = 0;
  let diverging = 0;
  try {
    for (const r of rows()) {
      const spec = readSpec(join(DIR, `${r.example}.kernel.json`));
      const launch = { ...spec.launch, grid: parseDim(r.grid, 'grid'), block: parseDim(r.block, 'block') };
      if (r.params) launch.params = r.params.split(' ').map(parseParam);
      const inst = instantiate(readModule(readFileSync(spec.ptx, 'utf8'), spec.ptx), launch);
      const u = unroll(inst.test, 2);
      // Brute force enumerates values: memory that starts at an unknown value (.shared) is out of its reach.
      if (candidateBound(u) > 5_000 || u.locations.some((l) => l.unknown)) continue;
      const texts = r.assertion ? [r.assertion] : spec.asserts.map((a) => a.text);
      const asserts = texts.map((t) => readAssertion(t, r.example, inst.test));
      const res = await verifyKernel(z3, inst, { model: ptx75, bound: 2, timeoutMs: 120_000, asserts, races: true, liveness: false, barriers: true });
      // Brute force: every consistent execution's final state, with the assertions as the condition.
      const brute = bruteKernel(inst, u, asserts);
      const at = `${r.example} grid ${r.grid} block ${r.block}`;
      if (asserts.length) assert.is(res.assert!.verdict, !brute.finished ? 'unknown' : brute.broken ? 'fails' : 'holds', `${at}: assert`);
      else assert.is(res.assert, null);
      assert.equal(racyLines(res.races!.result!.racy.map(racyPairKey)), racyLines(brute.pairs), `${at}: racy pairs`);
      assert.equal(res.barriers!.result!.divergent.map(divergenceKey).sort(), [...brute.divergent].sort(), `${at}: divergent barriers`);
      compared++;
      if (brute.pairs.size) racy++;
      if (brute.divergent.size) diverging++;
    }
  } finally {
    await z3.close();
  }
  assert.ok(compared >= 4 && racy >= 1 && diverging >= 1, `${compared} compared, ${racy} racy, ${diverging} diverging`);
});

test('bar.red (__syncthreads_count, _or, _and): the solver reaches the final states brute force does', async () => {
  // Two CTAs of two threads; thread 0 of CTA 0 sets flag, every thread then reads it and
  // combines p = (flag == 1) over its CTA: popc(p), or(!p) or and(p), stored at out[g].
  const kernel = (red: string): string => `.version 9.0\n.target sm_90\n.address_size 64\n.global .align 4 .u32 flag;\n.global .align 4 .u32 out[4];\n.visible .entry k()\n{\n`
    + `\t.reg .pred %p<6>;\n\t.reg .b32 %r<12>;\n\t.reg .b64 %rd<4>;\n\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, %ctaid.x;\n\tor.b32 %r3, %r1, %r2;\n`
    + `\tsetp.ne.u32 %p1, %r3, 0;\n\t@%p1 bra $L;\n\tst.relaxed.gpu.global.u32 [flag], 1;\n$L:\n\tld.relaxed.gpu.global.u32 %r4, [flag];\n\tsetp.eq.u32 %p2, %r4, 1;\n`
    + `\t${red}\n\tmad.lo.u32 %r10, %r2, 2, %r1;\n\tmul.wide.u32 %rd1, %r10, 4;\n\tmov.u64 %rd2, out;\n\tadd.s64 %rd3, %rd2, %rd1;\n\tst.global.u32 [%rd3], %r9;\n\tret;\n}\n`;
  // In CTA 0, P0 reads its own 1 and P1 0 or 1; in CTA 1 each thread 0 or 1: the number of
  // threads that see 1 is 1 or 2 in CTA 0, and 0, 1 or 2 in CTA 1, each CTA's threads alike.
  const states = (f: (n: number) => number): string[] =>
    [1, 2].flatMap((a) => [0, 1, 2].map((b) => `out[0]=${f(a)};out[1]=${f(a)};out[2]=${f(b)};out[3]=${f(b)}`)).filter((x, k, all) => all.indexOf(x) === k).sort();
  const cases: [string, (n: number) => number][] = [
    ['bar.red.popc.u32 %r9, 0, %p2;', (n) => n],
    ['bar.red.or.pred %p3, 0, !%p2;\n\tselp.u32 %r9, 1, 0, %p3;', (n) => (n < 2 ? 1 : 0)],
    ['bar.red.and.pred %p3, 0, %p2;\n\tselp.u32 %r9, 1, 0, %p3;', (n) => (n === 2 ? 1 : 0)],
  ];
  const z3 = await openZ3();
  try {
    for (const [red, f] of cases) {
      const inst = instantiate(readModule(kernel(red), 'red.ptx'), { grid: { x: 2, y: 1, z: 1 }, block: { x: 2, y: 1, z: 1 }, params: [] });
      const t: LitmusTest = { ...inst.test, observed: [0, 1, 2, 3].map((i) => ({ kind: 'loc' as const, name: `out[${i}]` })) };
      const brute = [...enumerate(t, unroll(t, 2), ptx75).states].sort();
      const r = await runTest(z3, t, { model: ptx75, bound: 2, timeoutMs: 60_000, mode: 'states', checkBound: false, explain: false });
      const solver = r.states!.map((st) => st.values.map(([k, v]) => `${k}=${v}`).join(';')).sort();
      assert.equal(solver, brute, red);
      assert.equal(brute, states(f), red);
    }
    // A loop on bar.red (`while (__syncthreads_or(i < tid)) i++`): each round's operations meet
    // the others' of that round; thread t needs t rounds, so both threads go round once.
    const loop = `.version 9.0\n.target sm_90\n.address_size 64\n.global .align 4 .u32 out[3];\n.visible .entry k()\n{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;\n`
      + `\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, 0;\n$L:\n\tsetp.lt.u32 %p1, %r2, %r1;\n\tbar.red.or.pred %p2, 0, %p1;\n\t@!%p2 bra $E;\n\tadd.u32 %r2, %r2, 1;\n\tbra $L;\n$E:\n`
      + `\tmul.wide.u32 %rd1, %r1, 4;\n\tmov.u64 %rd2, out;\n\tadd.s64 %rd3, %rd2, %rd1;\n\tst.global.u32 [%rd3], %r2;\n\tret;\n}\n`;
    const inst = instantiate(readModule(loop, 'loop.ptx'), { grid: { x: 1, y: 1, z: 1 }, block: { x: 2, y: 1, z: 1 }, params: [] });
    const t: LitmusTest = { ...inst.test, observed: [0, 1].map((i) => ({ kind: 'loc' as const, name: `out[${i}]` })) };
    const brute = [...enumerate(t, unroll(t, 3), ptx75).states].sort();
    const r = await runTest(z3, t, { model: ptx75, bound: 3, timeoutMs: 60_000, mode: 'states', checkBound: false, explain: false });
    assert.equal(r.states!.map((st) => st.values.map(([k, v]) => `${k}=${v}`).join(';')), brute);
    assert.equal(brute, ['out[0]=1;out[1]=1']);
  } finally {
    await z3.close();
  }
});

test('ptxmm kernel: exit 0 when every property holds, 1 with a counterexample, 2 on bad input; JSON to the schema', () => {
  const ok = ptxmm('kernel', join(DIR, 'mp_blocks.kernel.json'), '--json');
  assert.is(ok.code, 0, ok.err);
  const rec = JSON.parse(ok.out.trim()) as { properties: { property: string; verdict: string }[] };
  assert.equal(validate(rec, PTXMM_SCHEMA), []);
  assert.equal(rec.properties.map((p) => `${p.property}:${p.verdict}`), ['assert:holds', 'races:holds', 'liveness:holds', 'barriers:holds']);
  const bad = ptxmm('kernel', join(DIR, 'mp_blocks_nofence.ptx'), '--grid', '2', '--block', '2', '--param', 'data:s32[4]', '--param', 'out:s32[4]', '--assert', 'out[0] == 42', '--json');
  assert.is(bad.code, 1);
  const b = JSON.parse(bad.out.trim()) as { properties: { verdict: string; state: Record<string, string>; execution: unknown }[] };
  assert.equal(validate(b, PTXMM_SCHEMA), []);
  assert.is(b.properties[0]!.verdict, 'fails');
  assert.is(b.properties[0]!.state['out[0]'], '0');
  assert.ok(b.properties[0]!.execution);
  const text = ptxmm('kernel', join(DIR, 'mp_blocks_nofence.ptx'), '--grid', '2', '--block', '2', '--param', 'data:s32[4]', '--param', 'out:s32[4]', '--assert', 'out[0] == 42');
  assert.match(text.out, /Assert out\[0\] == 42: FAILS: a consistent execution ends in out\[0\]=0/);
  const typo = ptxmm('kernel', join(DIR, 'mp_blocks.kernel.json'), '--assert', 'out[9] == 1');
  assert.is(typo.code, 2);
  assert.match(typo.err, /--assert 1:1:1: the condition names location 'out\[9\]'/);
  // A constant the element's type cannot hold is an input error, as in a litmus condition (it was a "fails").
  const range = ptxmm('kernel', join(DIR, 'mp_blocks.kernel.json'), '--assert', 'out[0] == 42', '--assert', 'out[0] != 4294967295');
  assert.is(range.code, 2, range.out + range.err);
  assert.match(range.err, /--assert 2:1:11: 4294967295 is not a value of out\[0\], a signed 32-bit value \(-2147483648 \.\. 2147483647\)/);
  // Several assertions print as they are checked: each whole, a disjunction in parentheses.
  const two = ptxmm('kernel', join(DIR, 'mp_blocks.kernel.json'), '--assert', 'out[0] == 42 \\/ out[0] == 0', '--assert', 'flag == 1');
  assert.match(two.out, /Assert \(out\[0\] == 42 \\\/ out\[0\] == 0\) \/\\ flag == 1: holds/);
  // Dynamic shared memory needs the launch's size; a size the module has no array for is refused too.
  const dyn = ['kernel', join(DIR, 'dynamic_reverse.ptx'), '--block', '4', '--param', 'd:s32[4]=1,2,3,4', '--param', '4', '--assert', 'd[0] == 4'];
  const unsized = ptxmm(...dyn);
  assert.is(unsized.code, 2);
  assert.match(unsized.err, /dynamic_reverse\.ptx:\d+:\d+: s is dynamic shared memory \(CUDA's extern __shared__ array\): give its size in bytes with --dynamic-shared N/);
  assert.is(ptxmm(...dyn, '--dynamic-shared', '16').code, 0);
  const spare = ptxmm('kernel', join(DIR, 'mp_blocks.kernel.json'), '--dynamic-shared', '16');
  assert.is(spare.code, 2);
  assert.match(spare.err, /the launch gives 16 bytes of dynamic shared memory, and the module declares no \.extern \.shared array/);
  const params = ptxmm('kernel', join(DIR, 'mp_blocks.ptx'), '--assert', 'flag == 1');
  assert.is(params.code, 2);
  assert.match(params.err, /takes 2 parameters, and 0 are given/);
});

test('a spec\'s "ptx" is from the spec\'s folder when relative, and stands when absolute (it was joined onto the folder)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ptxmm-spec-'));
  const abs = join(DIR, 'mp_blocks.ptx');
  writeFileSync(join(dir, 'a.kernel.json'), JSON.stringify({ ptx: abs, grid: [2] }));
  assert.is(readSpec(join(dir, 'a.kernel.json')).ptx, abs);
  writeFileSync(join(dir, 'r.kernel.json'), JSON.stringify({ ptx: 'sub/r.ptx' }));
  assert.is(readSpec(join(dir, 'r.kernel.json')).ptx, join(dir, 'sub', 'r.ptx'));
});

test('an address read from memory gets an access only where it may reach: bins[in[i]] (a 32-bit index scaled and added to bins) reaches no element of in', () => {
  const spec = readSpec(join(DIR, 'histogram.kernel.json'));
  const inst = instantiate(readModule(readFileSync(spec.ptx, 'utf8'), spec.ptx), spec.launch);
  const u = unroll(inst.test, 2);
  const atomic = u.events.filter((e) => !e.info.init && e.instr?.op === 'atom');
  const at = [...new Set(atomic.map((e) => u.locations[e.info.ploc]!.name))].sort();
  assert.equal(at, ['bins[0]', 'bins[1]', 'bins[2]', 'bins[3]']);
  // A read and a write per thread and element, each guarded by the address being the element's.
  assert.is(atomic.length, 4 * 2 * 4);
  assert.ok(atomic.every((e) => e.guard !== u.dag.T));
});

const writeSpec = (dir: string, j: object): string => {
  const f = join(dir, 'pp.kernel.json');
  writeFileSync(f, JSON.stringify(j));
  return f;
};

test('a buffer of pointers (int **ptrs): its u64 elements given as NAME+K point into another buffer, checked like a pointer parameter', () => {
  // *ptrs[threadIdx.x] = threadIdx.x + 1, as nvcc -O3 writes it.
  const ptx = `.version 9.0\n.target sm_90\n.address_size 64\n.visible .entry pp(\n\t.param .u64 pp_param_0,\n\t.param .u64 pp_param_1\n)\n{\n\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<7>;\n`
    + `\tld.param.u64 %rd1, [pp_param_0];\n\tcvta.to.global.u64 %rd2, %rd1;\n\tmov.u32 %r1, %tid.x;\n\tadd.s32 %r2, %r1, 1;\n\tmul.wide.u32 %rd3, %r1, 8;\n`
    + `\tadd.s64 %rd4, %rd2, %rd3;\n\tld.global.u64 %rd5, [%rd4];\n\tcvta.to.global.u64 %rd6, %rd5;\n\tst.global.u32 [%rd6], %r2;\n\tret;\n}\n`;
  const dir = mkdtempSync(join(tmpdir(), 'ptxmm-ptrs-'));
  const f = join(dir, 'pp.ptx');
  writeFileSync(f, ptx);
  const crossed = ptxmm('kernel', f, '--block', '2', '--param', 'ptrs:u64[2]=out+1,out', '--param', 'out:s32[2]', '--assert', 'out[0] == 2 /\\ out[1] == 1', '--races');
  assert.is(crossed.code, 0, crossed.out + crossed.err);
  // Both to out[0]: the two stores race.
  const same = ptxmm('kernel', f, '--block', '2', '--param', 'ptrs:u64[2]=out,out', '--param', 'out:s32[2]', '--races');
  assert.is(same.code, 1, same.out + same.err);
  assert.match(same.out, /Data races: FAILS/);
  for (const [ptrs, why] of [
    ['ptrs:u32[2]=out,out', /ptrs\[0\] is given a pointer \(out\), and ptrs's elements are \.u32: a pointer takes a 64-bit element/],
    ['ptrs:u64[2]=out,nope', /ptrs\[1\] points into nope, and no parameter gives a buffer of that name/],
    ['ptrs:u64[2]=out,out+3', /ptrs\[1\] points at element 3 of out, which has 2/],
  ] as const) {
    const r = ptxmm('kernel', f, '--block', '2', '--param', ptrs, '--param', 'out:s32[2]', '--races');
    assert.is(r.code, 2, r.out + r.err);
    assert.match(r.err, why);
  }
  // A structure passed by value: one number, its bytes little-endian, read at each field's offset.
  const sv = `.version 9.0\n.target sm_90\n.address_size 64\n.visible .entry sv(\n\t.param .align 4 .b8 sv_param_0[8],\n\t.param .u64 sv_param_1\n)\n{\n\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<3>;\n`
    + `\tld.param.u64 %rd1, [sv_param_1];\n\tcvta.to.global.u64 %rd2, %rd1;\n\tld.param.u32 %r1, [sv_param_0+4];\n\tld.param.u32 %r2, [sv_param_0];\n\tst.global.u32 [%rd2], %r2;\n\tst.global.u32 [%rd2+4], %r1;\n\tret;\n}\n`;
  const g = join(dir, 'sv.ptx');
  writeFileSync(g, sv);
  const byValue = ptxmm('kernel', g, '--param', '0x0000000500000003', '--param', 'out:s32[2]', '--assert', 'out[0] == 3 /\\ out[1] == 5');
  assert.is(byValue.code, 0, byValue.out + byValue.err);
  const asBuffer = ptxmm('kernel', g, '--param', 's:u32[2]', '--param', 'out:s32[2]', '--assert', '1 == 1');
  assert.is(asBuffer.code, 2);
  assert.match(asBuffer.err, /parameter 0 \(sv_param_0\) is 8 bytes passed by value \(a structure, or a __grid_constant__ scalar\): give its 8 bytes as one number, little-endian/);
  assert.match(ptxmm('kernel', g, '--param', '0x10000000000000000', '--param', 'out:s32[2]', '--assert', '1 == 1').err, /is 8 bytes passed by value: 18446744073709551616 does not fit them/);
  // The same in a spec's "init".
  const spec = readSpec(writeSpec(dir, { entry: 'pp', block: [2], params: [{ buffer: 'ptrs', type: 'u64', size: 2, init: ['out+1', 'out'] }, { buffer: 'out', type: 's32', size: 2 }] }));
  assert.equal((spec.launch.params[0] as { init: unknown[] }).init, [{ alias: 'out', offset: 1 }, { alias: 'out', offset: 0 }]);
});

test('.local and .shared memory start at an unknown value (ISA §8.2.4): a read before any write may see any value, and a note names it', async () => {
  // int a[4]; a[0] = 1; a[1] = 2; out[0] = a[idx[0]]; (nvcc -O3: a .local depot of 16 bytes)
  const ptx = `.version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 pi, .param .u64 po)\n{\n`
    + `\t.local .align 16 .b8 depot[16];\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<9>;\n\tmov.u64 %rd6, depot;\n\tld.param.u64 %rd1, [pi];\n\tld.param.u64 %rd2, [po];\n`
    + `\tcvta.to.global.u64 %rd3, %rd2;\n\tcvta.to.global.u64 %rd4, %rd1;\n\tmov.u32 %r1, 2;\n\tmov.u32 %r2, 1;\n\tst.local.v2.u32 [%rd6], {%r2, %r1};\n`
    + `\tld.global.u32 %r3, [%rd4];\n\tmul.wide.s32 %rd7, %r3, 4;\n\tadd.s64 %rd8, %rd6, %rd7;\n\tld.local.u32 %r4, [%rd8];\n\tst.global.u32 [%rd3], %r4;\n\tret;\n}\n`;
  const launch = (i: string) => ({ grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [parseParam(`idx:s32[1]=${i}`), parseParam('out:s32[1]')] });
  const z3 = await openZ3();
  try {
    const ask = async (i: string, cond: string) => {
      const inst = instantiate(readModule(ptx, 'local.ptx'), launch(i));
      const res = await verifyKernel(z3, inst, { model: ptx75, bound: 2, timeoutMs: 60_000, asserts: [readAssertion(cond, 'k', inst.test)], races: false, liveness: false, barriers: false });
      return res.assert!;
    };
    // a[1] was written: its value is known.
    assert.is((await ask('1', 'out[0] == 2')).verdict, 'holds');
    // a[3] never was: neither 0 (what it once read as) nor any other one value is certain.
    for (const v of ['0', '12345']) {
      const a = await ask('3', `out[0] == ${v}`);
      assert.is(a.verdict, 'fails', v);
      assert.ok(a.explanation!.state.some(([k, x]) => k === 'out[0]' && x !== BigInt(v)), v);
      assert.match(a.explanation!.unspecified.join('\n'), /P0 line \d+:\d+: ld\.weak\.local\.u32 %r4, \[%rd8\]: in this execution it reads depot\S*\[3\]\S* before anything is written there: its value is unknown/, v);
    }
  } finally {
    await z3.close();
  }
  // The engines that enumerate values refuse such memory rather than read it as 0.
  const inst = instantiate(readModule(ptx, 'local.ptx'), launch('3'));
  assert.throws(() => enumerate(inst.test, unroll(inst.test, 2), ptx75), /has no initial value \(any value\)/);
});

test('reads of uninitialised memory by one instruction in several threads are one note, each thread with its location', () => {
  // Each thread reads its element of a .shared buffer nothing writes, and stores it to out.
  const dir = mkdtempSync(join(tmpdir(), 'ptxmm-unknown-'));
  const ptx = join(dir, 'k.ptx');
  writeFileSync(ptx, `.version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 po)\n{\n\t.shared .align 4 .b8 buf[16];\n`
    + `\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<6>;\n\tld.param.u64 %rd1, [po];\n\tcvta.to.global.u64 %rd2, %rd1;\n\tmov.u32 %r1, %tid.x;\n\tshl.b32 %r2, %r1, 2;\n`
    + `\tmov.u32 %r3, buf;\n\tadd.s32 %r4, %r3, %r2;\n\tld.shared.u32 %r5, [%r4];\n\tmul.wide.u32 %rd3, %r1, 4;\n\tadd.s64 %rd4, %rd2, %rd3;\n\tst.global.u32 [%rd4], %r5;\n\tret;\n}\n`);
  const r = ptxmm('kernel', ptx, '--block', '4', '--param', 'out:u32[4]', '--assert', 'out[0] == 0');
  assert.is(r.code, 1, r.err);
  const notes = r.out.split('\n').filter((l) => l.trimStart().startsWith('note:'));
  assert.equal(notes.map((l) => l.trim()), ['note: line 15:2: ld.weak.shared.u32 %r5, [%r4]: in this execution P0 reads buf.cta0[0], P1 buf.cta0[1], P2 buf.cta0[2], P3 buf.cta0[3] '
    + 'before anything is written there: its value is unknown (.shared and .local memory have no initial value, ISA §8.2.4)']);
});

test('an assertion that holds within the loop bound says when executions went past it (boundReached), and a larger bound finds them', async () => {
  // Block 0 sets n = 5; block 1 reads n (0 or 5) and sums 0..n-1 in a loop: out[0] is 0 or 10.
  const ptx = `.version 9.0\n.target sm_90\n.address_size 64\n.global .align 4 .u32 n;\n.global .align 4 .u32 out;\n.visible .entry k()\n{\n`
    + `\t.reg .pred %p<4>;\n\t.reg .b32 %r<8>;\n\tmov.u32 %r7, %ctaid.x;\n\tsetp.eq.u32 %p1, %r7, 0;\n\t@%p1 bra $SET;\n`
    + `\tatom.global.add.u32 %r1, [n], 0;\n\tmov.u32 %r2, 0;\n\tmov.u32 %r3, 0;\n$LOOP:\n\tsetp.ge.u32 %p2, %r3, %r1;\n\t@%p2 bra $DONE;\n`
    + `\tadd.u32 %r2, %r2, %r3;\n\tadd.u32 %r3, %r3, 1;\n\tbra $LOOP;\n$DONE:\n\tst.global.u32 [out], %r2;\n\tret;\n$SET:\n\tatom.global.exch.b32 %r4, [n], 5;\n\tret;\n}\n`;
  const inst = instantiate(readModule(ptx, 'bound.ptx'), { grid: { x: 2, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [] });
  const z3 = await openZ3();
  try {
    const ask = (bound: number, cond: string) =>
      verifyKernel(z3, inst, { model: ptx75, bound, timeoutMs: 60_000, asserts: [readAssertion(cond, 'k', inst.test)], races: false, liveness: false, barriers: false });
    const cut = (await ask(2, 'out == 0')).assert!;
    assert.equal([cut.verdict, cut.boundReached], ['holds', true]);
    assert.is((await ask(6, 'out == 0')).assert!.verdict, 'fails');
    const all = (await ask(6, 'out == 0 \\/ out == 10')).assert!;
    assert.equal([all.verdict, all.boundReached], ['holds', false]);
  } finally {
    await z3.close();
  }
});

test('a device function with a .local stack of its own (nvcc -G) gets a copy per call and per thread; a structure it returns by value, a register per field', async () => {
  const call = (v: string, r: string): string => `\tmov.u32 %r${v}, ${v === '1' ? 3 : 5};\n\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0+0], %r${v};\n`
    + `\t.param .b32 retval0;\n\tcall.uni (retval0), twice, (param0);\n\tld.param.b32 %r${r}, [retval0+0];\n\t}\n`;
  const ptx = `.version 9.0\n.target sm_90\n.address_size 64\n.global .align 4 .u32 out[2];\n`
    + `.func (.param .b32 func_retval0) twice(.param .b32 twice_param_0)\n{\n\t.local .align 4 .b8 depot[4];\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<2>;\n`
    + `\tmov.u64 %rd1, depot;\n\tld.param.u32 %r1, [twice_param_0];\n\tst.local.u32 [%rd1], %r1;\n\tld.local.u32 %r2, [%rd1];\n\tadd.s32 %r3, %r2, %r2;\n`
    + `\tst.param.b32 [func_retval0+0], %r3;\n\tret;\n}\n.visible .entry k()\n{\n\t.reg .b32 %r<5>;\n${call('1', '2')}${call('3', '4')}`
    + `\tst.global.u32 [out], %r2;\n\tst.global.u32 [out+4], %r4;\n\tret;\n}\n`;
  const inst = instantiate(readModule(ptx, 'calls.ptx'), { grid: { x: 1, y: 1, z: 1 }, block: { x: 2, y: 1, z: 1 }, params: [] });
  assert.equal(inst.memory.filter((o) => o.space === 'local').map((o) => o.name).sort(), ['depot$c1.P0', 'depot$c1.P1', 'depot$c2.P0', 'depot$c2.P1']);
  // A structure returned by value (-G's make_int2): each field at its byte offset of func_retval0.
  const pair = `.version 9.0\n.target sm_90\n.address_size 64\n.global .align 4 .u32 out[2];\n`
    + `.func (.param .align 8 .b8 func_retval0[8]) pair(.param .b32 pair_param_0)\n{\n\t.reg .b32 %r<4>;\n\tld.param.u32 %r1, [pair_param_0];\n`
    + `\tadd.s32 %r2, %r1, %r1;\n\tadd.s32 %r3, %r2, %r1;\n\tst.param.b32 [func_retval0+0], %r2;\n\tst.param.b32 [func_retval0+4], %r3;\n\tret;\n}\n`
    + `.visible .entry k()\n{\n\t.reg .b32 %r<5>;\n\tmov.u32 %r1, 7;\n\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0+0], %r1;\n`
    + `\t.param .align 8 .b8 retval0[8];\n\tcall.uni (retval0), pair, (param0);\n\tld.param.b32 %r2, [retval0+0];\n\tld.param.b32 %r3, [retval0+4];\n\t}\n`
    + `\tst.global.u32 [out], %r2;\n\tst.global.u32 [out+4], %r3;\n\tret;\n}\n`;
  const returned = instantiate(readModule(pair, 'pair.ptx'), { grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [] });
  const z3 = await openZ3();
  try {
    const res = await verifyKernel(z3, inst, { model: ptx75, bound: 2, timeoutMs: 60_000, asserts: [readAssertion('out[0] == 6 /\\ out[1] == 10', 'k', inst.test)], races: false, liveness: false, barriers: false });
    assert.is(res.assert!.verdict, 'holds');
    const fields = await verifyKernel(z3, returned, { model: ptx75, bound: 2, timeoutMs: 60_000, asserts: [readAssertion('out[0] == 14 /\\ out[1] == 21', 'k', returned.test)], races: false, liveness: false, barriers: false });
    assert.is(fields.assert!.verdict, 'holds');
  } finally {
    await z3.close();
  }
});

test('the committed PTX is what nvcc writes from the sources (where nvcc is installed)', () => {
  if (spawnSync('nvcc', ['--version']).status !== 0) { console.log('  (nvcc not on PATH: skipped)'); return; }
  const tmp = mkdtempSync(join(tmpdir(), 'ptxmm-nvcc-'));
  for (const cu of readdirSync(DIR).filter((f) => f.endsWith('.cu'))) {
    const out = join(tmp, cu.replace(/\.cu$/, '.ptx'));
    // From the folder, as build.sh runs it: an assert's message names the source as given.
    const r = spawnSync('nvcc', ['-ptx', '-arch=sm_90', '-O3', cu, '-o', out], { encoding: 'utf8', cwd: DIR });
    assert.is(r.status, 0, r.stderr);
    // The header names the compiler's build; the code below it must be the same.
    const body = (f: string): string => readFileSync(f, 'utf8').replace(/^\/\/.*\n/gm, '');
    assert.fixture(body(out), body(join(DIR, cu.replace(/\.cu$/, '.ptx'))), cu);
  }
});

test.run();

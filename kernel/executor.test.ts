// The operational executor on kernels (one litmus thread per CUDA thread): the example kernels'
// final memory, every initialised location of it observed, is the solver's, state for state
// (cli/cross.ts), where the executor runs them; what it does not run (warp operations, bar.red,
// a read of uninitialised memory) it refuses by name. And on small kernels written here:
// __syncthreads() waits for every thread of the CTA that has not exited, uninitialised shared
// memory, address offsets, registers read before any write.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LitmusTest } from '../litmus/ast.js';
import { type Launch, instantiate } from './instantiate.js';
import { readModule } from './module.js';
import { observingMemory, specTest } from './launched.js';
import { runTest } from '../executor/explore.js';
import { crossOne } from '../cli/cross.js';
import { crossLiveness } from '../cli/crosslive.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { ROOT } from '../tests/paths.js';
import { SB_TEXT, ptxmm, scratch } from '../tests/cli.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

/** A one-kernel module (as nvcc writes them, trimmed) launched as one CTA of `threads` threads. */
function launched(decls: string, body: string, threads = 2): LitmusTest {
  const text = `.version 9.0\n.target sm_90\n.address_size 64\n${decls}\n.visible .entry k()\n{\n\t.reg .pred %p<4>;\n\t.reg .b32 %r<16>;\n\t.reg .b64 %rd<16>;\n${body}\n\tret;\n}\n`;
  const launch: Launch = { grid: { x: 1, y: 1, z: 1 }, block: { x: threads, y: 1, z: 1 }, params: [] };
  return observingMemory(instantiate(readModule(text, 'k.ptx'), launch).test);
}

/** The executor's final states as `name=value` lists, sorted. */
function finals(t: LitmusTest): string[] {
  const r = runTest(t, { model: 'ptx75', bound: 2, maxStates: 100_000 });
  if (!r.ok) throw new Error(r.error);
  return r.result.states.map((s) => s.text).sort();
}

const cross = (t: LitmusTest, what: string): ReturnType<typeof crossOne> =>
  crossOne(z3, what, t, { model: 'ptx75', bound: 2, timeoutMs: 60_000, maxStates: 300_000, maxMissing: Infinity });

/** The two engines' final states are the same: none unsound, none missed, none the executor does not reach. */
function same(c: Awaited<ReturnType<typeof crossOne>>, what: string): void {
  assert.is(c.status, 'pass', `${what}: ${c.reason ?? ''} unsound ${JSON.stringify(c.unsound)} missed ${c.missedReachable.join('; ')}`);
  assert.equal([c.executorStates, c.incomplete], [c.solverStates, []], `${what}: the executor reaches every state the solver does`);
}

async function agree(t: LitmusTest, what: string): Promise<void> {
  same(await cross(t, what), what);
}

/** Both engines' liveness verdicts on t. */
const liveness = (t: LitmusTest): ReturnType<typeof crossLiveness> =>
  crossLiveness(z3, 'k.ptx', t, { model: 'ptx75', bound: 2, timeoutMs: 60_000, maxStates: 100_000 });

test('every example kernel the executor runs ends in exactly the solver\'s final memory states; the others are refused by name', async () => {
  const dir = join(ROOT, 'examples', 'kernels');
  const ran: string[] = [];
  const refused = new Map<string, number>();
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.kernel.json')).sort()) {
    // As `ptxmm cross SPEC` reads it, but at the loop bound 2 for all (backoff_lock's spec says 6: tested
    // below); an executor stopped at its budget would be a skip for another reason.
    const c = await cross(specTest(join(dir, f)).test, f);
    if (c.status === 'skip') {
      const why = /^executor: .*(the executor has no warps|does not combine predicates at a barrier|before any write to it \(uninitialised: any value\))/.exec(c.reason ?? '')?.[1];
      assert.ok(why, `${f}: ${c.reason}`);
      refused.set(why!, (refused.get(why!) ?? 0) + 1);
      continue;
    }
    same(c, f);
    ran.push(f);
  }
  // The locks, the cross-block barrier, the float kernels, the offsets into arrays are run.
  // So are the kernels with uninitialised shared memory that they write before reading it.
  for (const k of ['cas_lock', 'ticket_lock', 'backoff_lock', 'xf_barrier', 'fcontract', 'histogram_racy', 'last_block_nofence', 'barrier_divergence',
    'shared_reduce', 'shared_reduce_nosync', 'dynamic_reverse', 'converge_divergent']) {
    assert.ok(ran.includes(`${k}.kernel.json`), `${k} runs (${ran.join(' ')})`);
  }
  assert.ok(ran.length >= 37, `${ran.length} run`);
  assert.ok((refused.get('the executor has no warps') ?? 0) >= 4, JSON.stringify([...refused]));
  // shared_count_uninit adds to a counter nobody set.
  assert.is(refused.get('before any write to it (uninitialised: any value)'), 1, JSON.stringify([...refused]));
});

// Thread 0 waits at __syncthreads(); thread 1 never comes there.
const SPIN_ON_FLAG = `
	mov.u32 %r1, %tid.x;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra WAIT;
	bar.sync 0;
	st.relaxed.gpu.global.u32 [flag], 1;
	ret;
WAIT:
	ld.relaxed.gpu.global.u32 %r2, [flag];
	setp.eq.u32 %p2, %r2, 0;
	@%p2 bra WAIT;
	st.global.u32 [out], 1;`;
const FLAGS = '.global .align 4 .u32 flag;\n.global .align 4 .u32 out;';

test('__syncthreads() waits for every thread of the CTA that has not exited: a thread spinning for what comes after it hangs both', async () => {
  // A litmus test's count-less barrier may complete with the threads that come: here thread 0
  // alone, then thread 1 would read its flag and end (flag=1; out=1). In a kernel it may not.
  const hang = launched(FLAGS, SPIN_ON_FLAG);
  assert.equal(finals(hang), []);
  const r = runTest(hang, { model: 'ptx75', bound: 2, maxStates: 100_000 });
  assert.ok(r.ok && r.result.stats.deadlocks + r.result.stats.spun > 0, 'thread 0 is left waiting');
  await agree(hang, 'spin on flag');
  // And both engines' liveness: P0 waits forever at the barrier, P1 spins forever.
  const live = await liveness(hang);
  assert.equal([live.status, live.solver.verdict, live.executor.verdict], ['agree', 'hang', 'hang']);
  assert.ok(live.executor.stuck.some((x) => /^P0 waits forever at bar\.sync 0/.test(x)), live.executor.stuck.join('; '));
  // Thread 1 exits without the barrier: thread 0 passes once it has.
  const exits = launched(FLAGS, SPIN_ON_FLAG.replace('@%p2 bra WAIT;', ''));
  assert.equal(finals(exits), ['flag=1; out=1;']);
  await agree(exits, 'exits');
  assert.is((await liveness(exits)).executor.verdict, 'live');
  // Two threads at the barrier, with a third that exits first.
  const three = launched(FLAGS, `
	mov.u32 %r1, %tid.x;
	setp.eq.u32 %p1, %r1, 2;
	@%p1 bra END;
	bar.sync 0;
	atom.global.add.u32 %r3, [out], 1;
END:`, 3);
  assert.equal(finals(three), ['flag=0; out=2;']);
  await agree(three, 'three');
});

test('a kernel\'s barrier with a thread count, and bar.arrive, wait for their warp: refused by name', () => {
  for (const bar of ['bar.sync 1, 64;', 'bar.arrive 1, 64;']) {
    const r = runTest(launched(FLAGS, `\t${bar}\n\tst.global.u32 [out], 1;`), { model: 'ptx75', bound: 2, maxStates: 1000 });
    assert.ok(!r.ok && /the executor has no warps \(in a kernel, a barrier with a thread count or a bar\.arrive waits for its warp\)/.test(r.error), bar);
    assert.ok(!r.ok && r.pos !== undefined, 'at the instruction');
  }
});

test('address offsets: a named one is the element at that address, one through a register adds to its value', async () => {
  const t = launched('.global .align 4 .u32 arr[4];', `
	mov.u32 %r1, %tid.x;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra OTHER;
	st.global.u32 [arr+4], 7;
	ret;
OTHER:
	mov.u64 %rd1, arr;
	st.global.u32 [%rd1+8], 9;
	ld.global.u32 %r2, [%rd1+4];
	st.global.u32 [%rd1+12], %r2;`);
  assert.equal(finals(t), ['arr[0]=0; arr[1]=7; arr[2]=9; arr[3]=0;', 'arr[0]=0; arr[1]=7; arr[2]=9; arr[3]=7;']);
  await agree(t, 'offsets');
});

test('uninitialised shared memory: written before it is read behind __syncthreads() it runs, read before any write the run stops there', async () => {
  const body = (sync: string): string => `
	mov.u32 %r1, %tid.x;
	shl.b32 %r2, %r1, 2;
	mov.u32 %r3, s;
	add.s32 %r4, %r3, %r2;
	add.u32 %r5, %r1, 10;
	st.shared.u32 [%r4], %r5;
${sync}
	xor.b32 %r6, %r2, 4;
	add.s32 %r7, %r3, %r6;
	ld.shared.u32 %r8, [%r7];
	mov.u64 %rd1, out;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r8;`;
  const decls = '.shared .align 4 .b8 s[8];\n.global .align 4 .u32 out[2];';
  const synced = launched(decls, body('\tbar.sync 0;'));
  assert.ok(synced.locations.some((l) => l.kind === 'value' && l.unknown), 'shared memory starts with any value');
  assert.not.ok(synced.observed.some((o) => o.kind === 'loc' && o.name.startsWith('s')), 'nor is it observed: it may end so');
  assert.equal(finals(synced), ['out[0]=11; out[1]=10;']);
  await agree(synced, 'shared');
  const r = runTest(launched(decls, body('')), { model: 'ptx75', bound: 2, maxStates: 10_000 });
  assert.ok(!r.ok && /^ld\.weak\.shared\.u32 %r8, \[%r7\]: may read s\.cta0\[[01]\] before any write to it \(uninitialised: any value\)/.test(r.error), r.ok ? 'ran' : r.error);
});

test('a register a kernel may read before writing it (undefined, any value) is refused at the read; one written on every path is not', () => {
  const refusal = (body: string): string | null => {
    const r = runTest(launched('.global .align 4 .u32 out;', body), { model: 'ptx75', bound: 2, maxStates: 10_000 });
    return r.ok ? null : `${r.pos?.line}: ${r.error}`;
  };
  assert.match(refusal('\tadd.u32 %r3, %r2, 1;\n\tst.global.u32 [out], %r3;') ?? '', /^10: add\.u32 %r3, %r2, 1: P0 may read %r2 before any instruction writes it \(a kernel's registers start undefined/);
  // A guarded write may not happen.
  assert.match(refusal('\tmov.u32 %r1, %tid.x;\n\tsetp.eq.u32 %p1, %r1, 0;\n\t@%p1 mov.u32 %r2, 5;\n\tst.global.u32 [out], %r2;') ?? '', /st\.weak\.global\.u32 \[out\], %r2: P0 may read %r2/);
  // Written on both branches, then read; and the old value a guarded write keeps is no read.
  assert.is(refusal(`
	mov.u32 %r1, %tid.x;
	setp.eq.u32 %p1, %r1, 0;
	@%p1 bra A;
	mov.u32 %r2, 1;
	bra.uni B;
A:
	mov.u32 %r2, 2;
B:
	@%p1 mov.u32 %r4, 3;
	st.global.u32 [out], %r2;`), null);
});

test('ptxmm cross takes a kernel spec: its memory\'s final states compared, what the executor does not run skipped at its line in the module', () => {
  const r = ptxmm('cross', join(ROOT, 'examples', 'kernels', 'cas_lock_nofence.kernel.json'), join(ROOT, 'examples', 'kernels', 'shfl_reduce.kernel.json'));
  assert.is(r.code, 1, r.err);
  assert.match(r.out, /^PASS _Z16cas_lock_nofencev grid 2 block 2: executor 2 states, solver 2$/m);
  assert.match(r.out, /^SKIP _Z11shfl_reducePiPKi grid 2 block 4 \(\S+shfl_reduce\.ptx\): executor: \S+shfl_reduce\.ptx:\d+:\d+: shfl\.sync\.down\.b32 .*: the executor has no warps \(shfl\.sync\)$/m);
  assert.match(r.out, /^Tests 2 \(1 skipped\): 0 unsound, 0 missed, 0 errors, 0 incomplete \(2 of 2 solver states reached\); 1 passed, 1 failed/m);
});

test('ptxmm cross reads a spec at its own "bound" (as ptxmm kernel does), a litmus test beside it at the default; --bound sets both', () => {
  // backoff_lock's spec says 6: its back-off loop changes a register on each of its first five rounds.
  const spec = join(ROOT, 'examples', 'kernels', 'backoff_lock.kernel.json');
  const sb = scratch('ptxmm-cross-bound-').write('sb.litmus', SB_TEXT);
  const bounds = (...args: string[]): number[] =>
    ptxmm('cross', '--json', ...args, spec, sb).out.trim().split('\n').map((l) => JSON.parse(l) as { type: string; bound?: number }).filter((j) => j.type === 'cross').map((j) => j.bound!);
  assert.equal(bounds(), [6, 2]);
  assert.equal(bounds('--bound', '3'), [3, 3]);
  // Liveness: at 6 the solver sees a round that repeats itself; at 2 it cannot tell.
  assert.match(ptxmm('cross', '--liveness', spec).out, /: solver live, /);
  assert.match(ptxmm('cross', '--liveness', '--bound', '2', spec).out, /: solver unknown \(the loop bound \(2\) is reached/);
});

test.run();

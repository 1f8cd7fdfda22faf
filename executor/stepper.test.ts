// The step-at-a-time API against the exploration: every choice listed, paths that replay to
// what they promise, random runs that only reach outcomes the exploration finds, and states
// shown as they are (memory in coherence order, registers, views, barriers, deadlocks).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLitmus } from '../litmus/parse.js';
import { OWN_TESTS } from '../tests/paths.js';
import { DEFAULTS, runProgram } from './explore.js';
import { type Program, compile } from './program.js';
import { type MState, stateHash } from './state.js';
import { initialState, successors } from './step.js';
import { type Transition, inspect, pathTo, randomRun, replay, transitions } from './stepper.js';

const load = (file: string): Program => compile(parseLitmus(readFileSync(join(OWN_TESTS, file), 'utf8'), file), 'ptx75', DEFAULTS.bound);

/** A test from rows of cells, every thread in CTA 0 (as machine.test.ts writes them). */
function lit(rows: string[][], cond: string, init: string): Program {
  const head = rows[0]!.map((_, i) => `P${i}@cta 0,gpu 0`).join(' | ');
  return compile(parseLitmus(`PTX T\n{ ${init} }\n ${head} ;\n${rows.map((r) => ` ${r.join(' | ')} ;`).join('\n')}\n${cond}\n`), 'ptx75', DEFAULTS.bound);
}

/** A deterministic generator in [0, 1) (mulberry32), so failures reproduce. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The transition of `ts` whose label matches, exactly one. */
function pick(ts: Transition[], re: RegExp): Transition {
  const hits = ts.filter((t) => re.test(t.label));
  assert.is(hits.length, 1, `one transition matching ${re} among:\n${ts.map((t) => t.label).join('\n')}`);
  return hits[0]!;
}

const MP = load('isa/ISA-MP.litmus');

test('transitions: every thread\'s enabled operations, never fewer than the reduced successors', () => {
  const s0 = initialState(MP);
  const ts = transitions(MP, s0);
  assert.ok(ts.some((t) => t.thread === 0 && t.kind === 'write' && t.instr.includes('[data]')), 'P0 stores data');
  assert.ok(ts.some((t) => t.thread === 1 && t.kind === 'read' && t.instr.includes('[flag]')), 'P1 loads flag');
  assert.ok(ts.every((t) => t.thread === 0 ? t.pc === 0 : t.thread === 1 && t.pc === 0), 'fences keep the later operations back');
  // Every reachable state, unreduced: never fewer transitions, somewhere strictly more (the
  // reduction is really off), and exactly the exploration's outcomes.
  const seen = new Set<number>();
  const outcomes = new Set<string>();
  let more = 0;
  const stack: MState[] = [s0];
  while (stack.length) {
    const s = stack.pop()!;
    const h = stateHash(s);
    if (seen.has(h)) continue;
    seen.add(h);
    const all = transitions(MP, s);
    const reduced = successors(MP, s);
    assert.ok(all.length >= reduced.length);
    if (all.length > reduced.length) more++;
    const hashes = new Set(all.map((t) => stateHash(t.state)));
    assert.ok(reduced.every((c) => hashes.has(stateHash(c.state))), 'each reduced successor is a transition');
    const v = inspect(MP, s);
    if (v.final) v.outcomes.forEach((o) => outcomes.add(o));
    else assert.ok(all.length > 0, 'MP never deadlocks');
    stack.push(...all.map((t) => t.state));
  }
  assert.ok(more > 0, 'some state has a load the reduction explores alone');
  assert.equal([...outcomes].sort(), runProgram(MP, 100_000).states.map((f) => f.text));
});

test('pathTo: a path to an allowed outcome replays to it; a forbidden one has none', () => {
  const text = 'P1:r0=1; P1:r1=1;';
  assert.ok(runProgram(MP, 100_000).states.some((f) => f.text === text), 'formatOutcome writes it so');
  const path = pathTo(MP, text);
  if (!Array.isArray(path)) return assert.unreachable(`no path: ${path}`);
  const states = replay(MP, path);
  assert.is(states.length, path.length + 1);
  const v = inspect(MP, states[states.length - 1]!);
  assert.ok(v.final);
  assert.is(v.end, 'final');
  assert.ok(v.outcomes.includes(text), v.outcomes.join(' | '));
  assert.ok(v.outcomeDetails.every((d) => d.holds && !d.filtered));
  assert.ok(pathTo(MP, 'P1:r0=1; P1:r1=1') !== null, 'the trailing ; may be left out');
  // As the solver lists a state (locations first, in declaration order): the same state.
  const lb = load('isa/ISA-LB.litmus');
  assert.ok(pathTo(lb, 'x=0; y=0; P0:r0=0; P1:r1=0') !== null, 'in the solver\'s order');
  // The forbidden message passing outcome, from the start and from midway.
  assert.is(pathTo(MP, 'P1:r0=1; P1:r1=0;'), null);
  assert.is(pathTo(MP, 'P1:r0=1; P1:r1=0;', states[1]!), null);
  // A search that gives up is no answer (it said the executor never reaches the state).
  assert.is(pathTo(MP, 'P1:r0=1; P1:r1=0;', states[0]!, 2), 'stopped');
  // From midway, to the outcome the path was heading for: a suffix of indices from there.
  const rest = pathTo(MP, text, states[2]!);
  if (!Array.isArray(rest)) return assert.unreachable(`no path: ${rest}`);
  assert.ok(inspect(MP, replay(MP, rest, states[2]!).pop()!).outcomes.includes(text));
  assert.throws(() => replay(MP, [99]), /transition 99/);
});

test('randomRun: only outcomes the exploration finds, and paths that replay to the same state', () => {
  for (const file of ['isa/ISA-MP.litmus', 'instr/BARRIER-sync.litmus', 'instr/ATOM-add.litmus']) {
    const prog = load(file);
    const known = new Set(runProgram(prog, 100_000).states.map((f) => f.text));
    const got = new Set<string>();
    const rand = seeded(7);
    for (let k = 0; k < 150; k++) {
      const r = randomRun(prog, initialState(prog), rand);
      const v = inspect(prog, r.state);
      assert.is(v.end, r.end);
      if (r.end === 'final') {
        assert.not.ok(r.stuck);
        for (const o of v.outcomes) {
          assert.ok(known.has(o), `${file}: ${o} is not an outcome of the exploration`);
          got.add(o);
        }
      } else assert.ok(r.stuck && (r.end === 'dropped' || r.end === 'cut'), `${file}: ended ${r.end}`);
      assert.is(stateHash(replay(prog, r.steps).pop()!), stateHash(r.state));
    }
    assert.ok(got.size > 0, `${file}: some run ends`);
  }
  // maxSteps ends the run early, neither final nor stuck.
  const short = randomRun(MP, initialState(MP), seeded(1), 1);
  assert.is(short.steps.length, 1);
  assert.is(short.end, null);
  assert.not.ok(short.stuck);
});

test('inspect: memory in coherence order, registers as read, views, in-flight instructions, finished threads', () => {
  const s0 = initialState(MP);
  const v0 = inspect(MP, s0);
  assert.equal(v0.threads.map((t) => [t.pid, t.placement, t.status]), [[0, 'cta 0,gpu 0', 'running'], [1, 'cta 1,gpu 0', 'running']]);
  assert.equal(v0.threads[0]!.inflight.map((e) => [e.state, e.enabled]), [['pending', true], ['pending', false], ['pending', false]], 'the fence holds the flag store back');
  assert.is(v0.threads[0]!.next, null, 'everything fetched');
  assert.equal(v0.threads[1]!.registers, [['r0', '0'], ['r1', '0']]);
  assert.is(v0.end, null);
  const st = pick(transitions(MP, s0), /^P0: st\.[a-z.]*u32 \[data\], 1 writes 1 as #1/);
  const d = inspect(MP, st.state).memory.find((l) => l.name === 'data')!;
  assert.equal(d.writes.map((w) => [w.index, w.value, w.after]), [[0, '0', []], [1, '1', [0]]]);
  assert.is(d.writes[0]!.writer, 'init data');
  assert.is(d.writes[1]!.thread, 0);
  assert.is(d.writes[1]!.strength, 'weak');
  assert.ok(d.writes[1]!.latest && !d.writes[0]!.latest);
  // P0 stores the flag (after its fence), then P1 reads it: the value read, and what it learns.
  const s2 = pick(transitions(MP, st.state), /^P0: st.*\[flag\]/).state;
  const v2 = inspect(MP, s2);
  assert.is(v2.threads[0]!.status, 'finished');
  assert.equal(v2.threads[0]!.inflight, []);
  const flag = v2.memory.find((l) => l.name === 'flag')!.writes[1]!;
  assert.is(flag.strength, 'strong.sys');
  const s3 = pick(transitions(MP, s2), /^P1: ld.*\[flag\] reads 1 from #1/).state;
  const p1 = inspect(MP, s3).threads[1]!;
  assert.equal(p1.registers.find(([r]) => r === 'r0'), ['r0', '1']);
  // What P1 knows, by value. The initial writes are below everything it knows, but stay
  // (gc.ts keeps them: below every other write, they change nothing).
  const v3 = inspect(MP, s3);
  const known = (loc: string): string[] => {
    const ws = v3.memory.find((l) => l.name === loc)!.writes;
    return p1.view.find((k) => k.loc === loc)!.latest.map((i) => ws.find((w) => w.index === i)!.value);
  };
  assert.equal(known('flag'), ['1']);
  // The fence after the read acquires P0's release: data's write is in P1's view.
  assert.equal(known('data'), ['1']);
  assert.equal(pick(transitions(MP, s2), /reads 1/).forgotten, []);
  // The other read of flag is still a choice in s2.
  assert.ok(transitions(MP, s2).some((t) => /reads 0 from #0/.test(t.label)));
});

test('inspect: coherence is partial; forgotten writes are named by the step that forgets them', () => {
  // Racing writes of two threads, P2's pending read keeping every write readable (none is
  // forgotten, so the numbers stay). Weak writes are left unordered; morally strong ones
  // are ordered either way, the new write possibly before the old (listed in coherence order).
  const race = (sem: string): Program => lit([[`st.${sem}.global.u32 [x], 1`, `st.${sem}.global.u32 [x], 2`, 'ld.weak.global.u32 %r0, [x]']], 'exists (x == 1)', 'x=0;');
  const orders = (prog: Program): string[] => {
    const a = pick(transitions(prog, initialState(prog)), /^P0: st/).state;
    return transitions(prog, a).filter((t) => t.thread === 1).map((t) => {
      const ws = inspect(prog, t.state).memory[0]!.writes;
      return `${ws.map((w) => w.index).join(',')} ${ws.find((w) => w.index === 2)!.unorderedWith.join(',')}`;
    }).sort();
  };
  assert.equal(orders(race('weak')), ['0,1,2 1']);
  assert.equal(orders(race('relaxed.gpu')), ['0,1,2 ', '0,2,1 ']);
  // One thread overwriting its own write: the first write is dead at once and forgotten (the
  // initial write, below both, stays).
  const own = lit([['st.weak.global.u32 [x], 1'], ['st.weak.global.u32 [x], 2'], ['ld.weak.global.u32 %r0, [x]']], 'exists (P0:%r0 == 1)', 'x=0;');
  const first = pick(transitions(own, initialState(own)), /^P0: st\S* \[x\], 1 /);
  assert.equal(first.forgotten, []);
  const second = pick(transitions(own, first.state), /^P0: st\S* \[x\], 2 /);
  assert.equal(second.forgotten, [{ loc: 'x', index: 1, value: '1', writer: 'P0: st.weak.global.u32 [x], 1' }]);
  assert.equal(inspect(own, second.state).memory[0]!.writes.map((w) => [w.index, w.value]), [[0, '0'], [1, '2']], 'renumbered');
});

test('inspect: fence.sc order', () => {
  const sb = lit([
    ['st.weak.global.u32 [x], 1', 'st.weak.global.u32 [y], 1'],
    ['fence.sc.gpu', 'fence.sc.gpu'],
    ['ld.weak.global.u32 %r1, [y]', 'ld.weak.global.u32 %r2, [x]'],
  ], 'exists (P0:%r1 == 0 /\\ P1:%r2 == 0)', 'x=0; y=0;');
  let s = pick(transitions(sb, initialState(sb)), /^P1: st/).state;
  const f = pick(transitions(sb, s), /^P1: fence/);
  assert.is(f.kind, 'fence');
  s = f.state;
  assert.equal(inspect(sb, s).scOrder, [{ thread: 1, scope: 'gpu' }]);
});

test('barriers: arrivals, a phase completed by whoever came, a late arrival dropped, a deadlock', () => {
  const bar = load('instr/BAR-sync.litmus');
  const s0 = initialState(bar);
  const arrive = pick(transitions(bar, s0), /^P1: bar\.sync 0 arrives$/);
  assert.is(arrive.kind, 'barrier');
  const v = inspect(bar, arrive.state);
  assert.equal(v.barriers.map((b) => [b.arrived, b.need, b.waiting, b.done, b.id, b.phase]), [[1, null, [1], false, '0', 0]]);
  assert.is(v.threads[1]!.status, 'waiting at barrier');
  assert.equal(v.threads[1]!.inflight.map((e) => e.state), ['waiting at barrier', 'pending']);
  // A count-less phase may complete with P1 alone; P0 arriving after it drops the execution.
  const fire = pick(transitions(bar, arrive.state), /^barrier .* completes for P1$/);
  assert.equal([fire.thread, fire.instr, fire.pc, fire.kind], [-1, '', -1, 'barrier']);
  assert.is(fire.barrier, v.barriers[0]!.key);
  assert.is(arrive.barrier, null);
  assert.ok(inspect(bar, fire.state).barriers[0]!.done);
  let s = pick(transitions(bar, fire.state), /^P0: st/).state;
  s = pick(transitions(bar, s), /^P0: bar/).state;
  assert.equal(transitions(bar, s), []);
  assert.is(inspect(bar, s).end, 'dropped');
  // Both arriving: P0's arrival completes nothing by itself, the phase fires for both.
  s = pick(transitions(bar, arrive.state), /^P0: st/).state;
  s = pick(transitions(bar, s), /^P0: bar/).state;
  assert.equal(inspect(bar, s).barriers[0]!.waiting, [0, 1]);
  pick(transitions(bar, s), /completes for P0 P1$/);

  // bar.sync 1, 64 waits for two warps; P1 never comes.
  const lonely = lit([['st.weak.global.u32 [x], 1', 'ld.weak.global.u32 %r0, [x]'], ['bar.sync 1, 64', '']], 'exists (P1:%r0 == 1)', 'x=0;');
  for (let seed = 0; seed < 10; seed++) {
    const r = randomRun(lonely, initialState(lonely), seeded(seed));
    assert.ok(r.stuck);
    assert.is(r.end, 'deadlock');
    assert.equal(transitions(lonely, r.state), []);
    const dv = inspect(lonely, r.state);
    assert.not.ok(dv.final);
    assert.equal(dv.outcomes, []);
    assert.equal(dv.barriers.map((b) => [b.arrived, b.need, b.waiting]), [[1, 2, [0]]]);
    assert.equal(dv.threads.map((t) => t.status), ['waiting at barrier', 'finished']);
  }
});

test.run();

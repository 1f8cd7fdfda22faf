// Odd input for `ptxmm kernel`, made by mutating the example modules (a qualifier swapped or
// added, a number, register, address or opcode replaced, a line doubled or dropped, a character
// lost or added): reading the module either accepts it or refuses it with a LitmusError at a
// line of the file, never another exception; launching it refuses only what the launch names
// and the module lacks (a LitmusError without a line). And where brute force can enumerate a
// mutant, the assertion verdict, racy pairs and divergent barriers are brute force's; where the
// operational executor runs one, its final memory states are the solver's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Expr } from '../litmus/ast.js';
import { LitmusError } from '../litmus/errors.js';
import { ptx75 } from '../model/ptx.js';
import { divergenceKey } from '../solver/divergence.js';
import { candidateBound } from '../solver/enumerate.js';
import { racyPairKey } from '../solver/races.js';
import { refusal, unroll } from '../solver/unroll.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { bruteKernel, racyLines } from '../tests/kernel-brute.js';
import { ROOT } from '../tests/paths.js';
import { readAssertion } from './assert.js';
import { type Instance, instantiate } from './instantiate.js';
import { readModule } from './module.js';
import { type KernelSpec, readSpec } from './spec.js';
import { verifyKernel } from './verify.js';
import { observingMemory } from './launched.js';
import { crossOne } from '../cli/cross.js';

const DIR = join(ROOT, 'examples', 'kernels');
const SPECS: KernelSpec[] = readdirSync(DIR).filter((f) => f.endsWith('.kernel.json')).sort().map((f) => readSpec(join(DIR, f)));
const SOURCES = SPECS.map((s) => readFileSync(s.ptx, 'utf8'));

const QUALS = ['.relaxed', '.acquire', '.release', '.weak', '.sc', '.acq_rel', '.cta', '.gpu', '.sys', '.cluster', '.u32', '.b32', '.s32',
  '.u64', '.u8', '.b16', '.f32', '.f64', '.pred', '.volatile', '.global', '.shared', '.local', '.param', '.const', '.exch', '.cas', '.add',
  '.inc', '.min', '.v2', '.v4', '.rn', '.rz', '.ftz', '.sat', '.wide', '.lo', '.hi', '.x', '.y', ''];
const NUMS = ['0', '1', '-1', '2', '3', '4', '7', '8', '32', '64', '96', '4294967295', '4294967296', '-2147483648', '18446744073709551616',
  '0x7fffffff', '0xffffffffffffffff', '0f3F800000', '0d3FF0000000000000', '1.5', '010'];
const CHARS = ['{', '}', ';', ',', '[', ']', '+', '-', '%', '@', '!', ' ', '\n', '_', '$', '.', ':', '<', '>', '0'];

/** One mutation of a module's text, chosen by the numbers `r` (each in [0, 1)). */
function mutate(text: string, r: readonly number[]): string {
  const pick = <T>(xs: readonly T[], x: number): T => xs[Math.floor(x * xs.length)]!;
  const lines = text.split('\n');
  const at = (re: RegExp): RegExpExecArray[] => [...text.matchAll(re)];
  const swap = (m: RegExpExecArray[], by: string): string => {
    const q = pick(m, r[1]!);
    return text.slice(0, q.index) + by + text.slice(q.index + q[0].length);
  };
  switch (Math.floor(r[0]! * 10)) {
    case 0: { const m = at(/\.[a-z_0-9:]+/g); return swap(m, pick(QUALS, r[2]!)); }
    case 1: { const m = at(/\.[a-z_0-9:]+/g); return swap(m, `${pick(m, r[1]!)[0]}${pick(QUALS, r[2]!)}`); }
    case 2: { const m = at(/(?<![%\w$])\d+/g); return m.length ? swap(m, pick(NUMS, r[2]!)) : text; }
    case 3: { const i = Math.floor(r[1]! * lines.length); lines.splice(i, 0, lines[i]!); return lines.join('\n'); }
    case 4: { const i = Math.floor(r[1]! * lines.length); lines.splice(i, 1); return lines.join('\n'); }
    case 5: { const i = Math.floor(r[1]! * text.length); return text.slice(0, i) + text.slice(i + 1); }
    case 6: { const m = at(/%[a-z]+\d+/g); return m.length > 1 ? swap(m, pick(m, r[2]!)[0]) : text; }
    case 7: { const i = Math.floor(r[1]! * text.length); return text.slice(0, i) + pick(CHARS, r[2]!) + text.slice(i); }
    case 8: { const m = at(/\[[^\]\n]*\]/g); return m.length > 1 ? swap(m, pick(m, r[2]!)[0]) : text; }
    default: { const m = at(/^\s*[a-z][a-z0-9.:_]*\s/gm); return m.length > 1 ? swap(m, pick(m, r[2]!)[0]) : text; }
  }
}

/** The mutants, one or two mutations each, with the spec of the module they come from. */
function mutants(n: number, seed: number): { spec: KernelSpec; text: string }[] {
  // Uniform in [0, 1): fc.double draws its bit patterns evenly, so mostly numbers near 0.
  const r = fc.nat(0xffff_ffff).map((x) => x / 2 ** 32);
  const draws = fc.sample(fc.tuple(fc.nat(SPECS.length - 1), fc.boolean(), fc.array(r, { minLength: 6, maxLength: 6 })), { numRuns: n, seed });
  return draws.map(([k, twice, x]) => {
    const once = mutate(SOURCES[k]!, x.slice(0, 3));
    return { spec: SPECS[k]!, text: twice ? mutate(once, x.slice(3)) : once };
  });
}

/** The mutant read and launched as its spec says, with its assertions, or the LitmusError that refused it (and at which step). */
function launch(spec: KernelSpec, text: string): { inst: Instance; asserts: Expr[] } | { refused: LitmusError; step: 'module' | 'launch' } {
  let step: 'module' | 'launch' = 'module';
  try {
    const mod = readModule(text, spec.ptx);
    step = 'launch';
    const inst = instantiate(mod, spec.launch);
    return { inst, asserts: spec.asserts.map((a) => readAssertion(a.text, a.where, inst.test, inst.unmodelled)) };
  } catch (e) {
    assert.ok(e instanceof LitmusError, `not an input error (${step}): ${(e as Error).stack}\n${text}`);
    return { refused: e, step };
  }
}

test('mutants of the example modules: accepted, or refused as input at a line of the file', () => {
  let accepted = 0;
  let refused = 0;
  for (const { spec, text } of mutants(2500, 20261202)) {
    const r = launch(spec, text);
    if ('inst' in r) { accepted++; continue; }
    refused++;
    assert.ok(r.refused.format().startsWith(spec.ptx), r.refused.format());
    // Only the launch against the module (an entry, variable or parameter the module lacks) concerns no line.
    if (r.step === 'module') assert.ok(r.refused.line !== null && r.refused.line > 0, `no line: ${r.refused.format()}\n${text}`);
  }
  assert.ok(accepted > 300 && refused > 1000, `${accepted} accepted, ${refused} refused`);
});

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

test('mutants brute force can enumerate: the assertion verdict, racy pairs and divergent barriers are brute force\'s', async () => {
  let compared = 0;
  let failing = 0;
  let racy = 0;
  for (const { spec, text } of mutants(1500, 7)) {
    if (compared >= 120) break;
    const r = launch(spec, text);
    if (!('inst' in r)) continue;
    const { inst, asserts } = r;
    let u;
    try {
      u = unroll(inst.test, 2);
    } catch (e) {
      // An access outside every location, which the solver refuses as input too.
      if (refusal(e, spec.ptx)) continue;
      throw e;
    }
    // Brute force enumerates reads-from, not values: memory that starts at an unknown value is out of its reach.
    if (candidateBound(u) > 5_000 || u.locations.some((l) => l.unknown)) continue;
    let brute;
    try {
      brute = bruteKernel(inst, u, asserts);
    } catch (e) {
      // Brute force has no undefined values (a register read before it is written, a lane that does not take part).
      if (e instanceof Error && e.message.startsWith('brute force: ')) continue;
      throw e;
    }
    let res;
    try {
      res = await verifyKernel(z3, inst, { model: ptx75, bound: 2, timeoutMs: 60_000, asserts, races: true, liveness: false, barriers: true });
    } catch (e) {
      if (refusal(e, spec.ptx)) continue;
      throw e;
    }
    const at = `mutant of ${spec.ptx}:\n${text}`;
    if (asserts.length) assert.is(res.assert!.verdict, !brute.finished ? 'unknown' : brute.broken ? 'fails' : 'holds', `assert, ${at}`);
    assert.equal(racyLines(res.races!.result!.racy.map(racyPairKey)), racyLines(brute.pairs), `racy pairs, ${at}`);
    assert.equal(res.barriers!.result!.divergent.map(divergenceKey).sort(), [...brute.divergent].sort(), `divergent barriers, ${at}`);
    compared++;
    if (brute.broken) failing++;
    if (brute.pairs.size) racy++;
  }
  // Enough of each kind that the comparison says something.
  assert.ok(compared >= 120 && failing >= 10 && racy >= 10, `${compared} compared, ${failing} failing, ${racy} racy`);
});

test('mutants the executor runs: their final memory states are exactly the solver\'s, as cross compares them', async () => {
  let crossed = 0;
  for (const { spec, text } of mutants(3000, 1202)) {
    if (crossed >= 80) break;
    const r = launch(spec, text);
    if (!('inst' in r)) continue;
    const t = observingMemory(r.inst.test);
    const c = await crossOne(z3, spec.ptx, t, { model: 'ptx75', bound: 2, timeoutMs: 60_000, maxStates: 50_000, maxMissing: Infinity });
    // What the executor does not run (warps, uninitialised memory, ...) or could not finish, and input both engines refuse.
    if (c.status === 'skip' || c.status === 'refused') continue;
    const at = `mutant of ${spec.ptx}:\n${text}`;
    assert.is(c.status, 'pass', `${c.status}: ${c.reason ?? ''} ${JSON.stringify(c.unsound)} ${c.missedReachable.join('; ')}\n${at}`);
    assert.equal([c.executorStates, c.incomplete], [c.solverStates, []], `the executor reaches every state the solver does, ${at}`);
    crossed++;
  }
  assert.is(crossed, 80);
});

test.run();

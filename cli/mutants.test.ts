// Odd input, made by mutating our own tests (a qualifier swapped or added, a number changed, a
// line dropped or doubled, a character lost, a register, location, fence or placement changed):
// each mutant is either refused with a positioned message, or answered by both engines alike
// (every state the executor reaches, the model allows; every state an execution of the kind
// the executor performs reaches, the executor reaches). Mutants of this kind once found barrier
// counts the two engines read differently (litmus/barriers.ts), an exponential search in the
// executor (executor/memory.ts), and a filter on a register `locations` leaves out, which the
// two engines showed differently (executor/outcome.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { expandPaths, parseLitmus } from '../litmus/parse.js';
import { LitmusError } from '../litmus/errors.js';
import { OWN_TESTS } from '../tests/paths.js';
import { openZ3, type Z3Session } from '../solver/z3.js';
import { crossOne } from './cross.js';

let z3: Z3Session;
test.before(async () => { z3 = await openZ3(); });
test.after(async () => { await z3.close(); });

const QUALS = ['.relaxed', '.acquire', '.release', '.weak', '.sc', '.acq_rel', '.cta', '.gpu', '.sys', '.cluster', '.u32', '.b32', '.s32',
  '.u64', '.u8', '.b16', '.volatile', '.global', '.shared', '.exch', '.cas', '.add', '.inc', '.min', '.proxy', '.alias', ''];
const FENCES = ['fence.sc.cta', 'fence.acq_rel.cta', 'fence.acq_rel.cluster', 'fence.acq_rel.gpu', 'fence.sc.sys', 'fence.proxy.alias', 'membar.gl'];
const NUMS = ['0', '1', '-1', '2', '3', '32', '64', '96', '4294967295', '4294967296', '-2147483648', '18446744073709551616'];

/**
 * One mutation of `text`, chosen by the numbers `r` (each in [0, 1)): a qualifier replaced or
 * added, a number replaced, a line doubled or dropped, a character dropped, a register or
 * location replaced by another of the test's, an instruction cell replaced by a fence, a
 * thread moved to another CTA, cluster or GPU, a barrier's operands changed.
 */
function mutate(text: string, r: readonly number[]): string {
  const pick = <T>(xs: readonly T[], x: number): T => xs[Math.floor(x * xs.length)]!;
  const lines = text.split('\n');
  const at = (re: RegExp): RegExpExecArray[] => [...text.matchAll(re)];
  switch (Math.floor(r[0]! * 11)) {
    case 0: { const m = at(/\.[a-z_0-9:]+/g); if (!m.length) return text; const q = pick(m, r[1]!); return text.slice(0, q.index) + pick(QUALS, r[2]!) + text.slice(q.index + q[0].length); }
    case 1: { const m = at(/\.[a-z_0-9:]+/g); if (!m.length) return text; const q = pick(m, r[1]!); return text.slice(0, q.index + q[0].length) + pick(QUALS, r[2]!) + text.slice(q.index + q[0].length); }
    case 2: { const m = at(/(?<![%\w])\d+/g); if (!m.length) return text; const q = pick(m, r[1]!); return text.slice(0, q.index) + pick(NUMS, r[2]!) + text.slice(q.index + q[0].length); }
    case 3: { const i = Math.floor(r[1]! * lines.length); lines.splice(i, 0, lines[i]!); return lines.join('\n'); }
    case 4: { const i = Math.floor(r[1]! * lines.length); lines.splice(i, 1); return lines.join('\n'); }
    case 5: { const i = Math.floor(r[1]! * text.length); return text.slice(0, i) + text.slice(i + 1); }
    case 6: { const m = at(/%?\br\d+\b/g); if (m.length < 2) return text; const q = pick(m, r[1]!); return text.slice(0, q.index) + pick(m, r[2]!)[0] + text.slice(q.index + q[0].length); }
    case 7: { const m = at(/\[[A-Za-z_]\w*\]/g); if (m.length < 2) return text; const q = pick(m, r[1]!); return text.slice(0, q.index) + pick(m, r[2]!)[0] + text.slice(q.index + q[0].length); }
    case 8: { const m = at(/\|[ \t]*[a-z@%][^|;\n]*/g); if (!m.length) return text; const q = pick(m, r[1]!); return text.slice(0, q.index) + `| ${pick(FENCES, r[2]!)}` + text.slice(q.index + q[0].length); }
    case 9: { const m = at(/\b(cta|cluster|gpu) \d+/g); if (!m.length) return text; const q = pick(m, r[1]!); return text.slice(0, q.index) + q[0].replace(/\d+/, String(Math.floor(r[2]! * 3))) + text.slice(q.index + q[0].length); }
    default: {
      // A barrier's operands: another count, or one more operand.
      const m = at(/\b(bar|barrier)(\.[a-z]+)*\.(sync|arrive)[ \t]+[^|;\n]*?(?=[ \t]*[|;\n])/g);
      if (!m.length) return text;
      const q = pick(m, r[1]!);
      const n = pick(NUMS, r[2]!);
      const ops = q[0].replace(/(,[ \t]*)[^,]*$/, `$1${n}`);
      return text.slice(0, q.index) + (ops === q[0] || r[2]! < 0.3 ? `${q[0]}, ${n}` : ops) + text.slice(q.index + q[0].length);
    }
  }
}

test('mutants of our own tests: refused with a position, or both engines agree', async () => {
  // Half of them from the tests with barriers (a few of ours), where counts can disagree.
  const all = expandPaths([OWN_TESTS]).map((f) => readFileSync(f, 'utf8'));
  const bars = all.filter((x) => /\b(bar|barrier)(\.[a-z]+)*\.(sync|arrive)\b/.test(x));
  const sources = [...all, ...Array.from({ length: Math.ceil(all.length / bars.length) }, () => bars).flat()];
  const draws = fc.sample(fc.tuple(fc.nat(sources.length - 1), fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 6, maxLength: 6 })), { numRuns: 1500, seed: 271127 });
  let refused = 0;
  let agreed = 0;
  for (const [k, r] of draws) {
    const text = mutate(mutate(sources[k]!, r.slice(0, 3)), r.slice(3));
    let t;
    try {
      t = parseLitmus(text, 'mutant.litmus');
    } catch (e) {
      assert.ok(e instanceof LitmusError, `not a positioned input error: ${(e as Error).stack}\n${text}`);
      assert.ok((e as LitmusError).format().startsWith('mutant.litmus'), (e as LitmusError).format());
      refused++;
      continue;
    }
    const c = await crossOne(z3, 'mutant.litmus', t, { model: 'ptx75', bound: 2, timeoutMs: 20_000, maxStates: 20_000, maxMissing: 1 });
    assert.not.equal(c.status, 'unsound', `${c.unsound.map((u) => u.state).join(' ')}\n${text}`);
    assert.not.equal(c.status, 'missed', `${c.missedReachable.join(' ')}\n${text}`);
    assert.not.equal(c.status, 'error', `${c.reason}\n${text}`);
    agreed++;
  }
  // Both kinds occur: the mutations are neither all fatal nor all harmless.
  assert.ok(refused > 100 && agreed > 100, `${refused} refused, ${agreed} answered`);
});

test.run();

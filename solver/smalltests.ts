// fast-check arbitraries for small litmus tests: few threads, few instructions, two locations
// (and an alias), the instruction kinds the model distinguishes. Small enough that every
// candidate execution can be enumerated (solver/enumerate.ts).
import fc from 'fast-check';
import type { Instr, LitmusTest, LocDecl, Observable, Ordering, Scope, Stmt, Thread } from '../litmus/ast.js';
import { WARP_SIZE } from '../litmus/ast.js';

const P = { line: 1, col: 1 };
const SCOPES: Scope[] = ['cta', 'cluster', 'gpu', 'sys'];
const pick = <T>(xs: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);
const strongOrd = (sems: ('relaxed' | 'acquire' | 'release' | 'acq_rel')[]): fc.Arbitrary<Ordering> =>
  fc.record({ sem: pick(sems), scope: pick(SCOPES) });
const ord = (sems: ('relaxed' | 'acquire' | 'release')[]): fc.Arbitrary<Ordering> =>
  fc.oneof(fc.constant<Ordering>({ sem: 'weak' }), strongOrd(sems));

export interface Shape {
  proxies: boolean;
}

/** One instruction; loads write fresh registers (named later), `rX` placeholders. */
function instr(s: Shape): fc.Arbitrary<Instr> {
  const locs = s.proxies ? ['x', 'y', 'xa'] : ['x', 'y'];
  const addr = pick(locs).map((name) => ({ kind: 'loc' as const, name }));
  const base = { pos: fc.constant(P), space: fc.constant('generic' as const), type: fc.constant('u32' as const) };
  const imm = fc.integer({ min: 1, max: 2 }).map((value) => ({ kind: 'imm' as const, value: BigInt(value) }));
  const dst = fc.constant({ kind: 'reg' as const, name: '?' });
  const arbs: fc.Arbitrary<Instr>[] = [
    fc.record({ op: fc.constant('ld' as const), ord: ord(['relaxed', 'acquire']), dst, addr, proxy: s.proxies ? pick(['generic', 'surface'] as const) : fc.constant('generic' as const), ...base }),
    fc.record({ op: fc.constant('st' as const), ord: ord(['relaxed', 'release']), addr, src: imm, proxy: s.proxies ? pick(['generic', 'surface'] as const) : fc.constant('generic' as const), ...base }),
    fc.record({ op: fc.constant('atom' as const), ord: strongOrd(['relaxed', 'acquire', 'release', 'acq_rel']), aop: pick(['add', 'exch'] as const), dst, addr, b: imm, proxy: fc.constant('generic' as const), ...base }),
    fc.record({ op: fc.constant('atom' as const), ord: strongOrd(['relaxed', 'acq_rel']), aop: fc.constant('cas' as const), dst, addr, b: fc.constant({ kind: 'imm' as const, value: 0n }), c: imm, proxy: fc.constant('generic' as const), ...base }),
    fc.record({ op: fc.constant('red' as const), ord: strongOrd(['relaxed', 'release']), aop: fc.constant('add' as const), addr, b: imm, proxy: fc.constant('generic' as const), ...base }),
    fc.record({ op: fc.constant('fence' as const), sem: pick(['sc', 'acq_rel'] as const), scope: pick(SCOPES), form: fc.constant('fence' as const), pos: fc.constant(P) }),
    fc.record({
      op: fc.constant('bar' as const), mode: pick(['sync', 'sync', 'arrive'] as const), form: fc.constant('bar' as const),
      id: pick([0n, 1n]).map((value) => ({ kind: 'imm' as const, value })), pos: fc.constant(P),
    }, { requiredKeys: ['op', 'mode', 'form', 'id', 'pos'] }).chain((b) =>
      fc.option(fc.integer({ min: 1, max: 2 }), { freq: 2 }).map((c) => (c === null ? b : { ...b, count: { kind: 'imm' as const, value: BigInt(c * WARP_SIZE) } }))),
  ];
  if (s.proxies) arbs.push(fc.record({ op: fc.constant('fence.proxy' as const), kind: pick(['alias', 'surface'] as const), pos: fc.constant(P) }));
  return fc.oneof(...arbs);
}

/**
 * A thread: instructions, optionally one forward branch on the last loaded value, optionally
 * a spin on the first load (repeat it while it reads 0), so that loops hit the bound.
 */
function threadCode(s: Shape): fc.Arbitrary<{ code: Instr[]; branch: number | null; spin: boolean }> {
  return fc.record({ code: fc.array(instr(s), { minLength: 1, maxLength: 3 }), branch: fc.option(fc.nat(2), { freq: 3 }), spin: fc.boolean() });
}

export const arbTest = (s: Shape): fc.Arbitrary<LitmusTest> =>
  fc.record({
    threads: fc.array(fc.record({ body: threadCode(s), cta: fc.nat(2), gpu: fc.constantFrom(0, 0, 0, 1) }), { minLength: 1, maxLength: 3 }),
    clusters: fc.boolean(),
    initY: fc.nat(1),
  }).map(({ threads, initY, clusters }) => {
    let reg = 0;
    const observed: Observable[] = [{ kind: 'loc', name: 'x' }, { kind: 'loc', name: 'y' }];
    const ths: Thread[] = threads.map(({ body, cta, gpu }, ti) => {
      const code: Stmt[] = [];
      let last: string | null = null;
      body.code.forEach((ins, i) => {
        if (body.branch === i && last) {
          // Skip the rest of the thread when the last loaded value is 0.
          code.push({ op: 'bcmp', cmp: 'eq', a: { kind: 'reg', name: last }, b: { kind: 'imm', value: 0n }, target: 'END', pos: P });
        }
        if (ins.op === 'ld' || ins.op === 'atom') {
          const name = `r${reg++}`;
          const spin = body.spin && i === 0 && ins.op === 'ld';
          if (spin) code.push({ op: 'label', name: 'SPIN', pos: P });
          last = name;
          observed.push({ kind: 'reg', thread: ti, reg: name });
          code.push({ ...ins, dst: { kind: 'reg', name } });
          if (spin) code.push({ op: 'bcmp', cmp: 'eq', a: { kind: 'reg', name }, b: { kind: 'imm', value: 0n }, target: 'SPIN', pos: P });
        } else code.push(ins);
      });
      code.push({ op: 'label', name: 'END', pos: P });
      // With clusters: CTAs 0 and 1 form cluster 0, CTA 2 is alone in cluster 1.
      const placement = clusters ? { id: ti, cta, gpu, cluster: cta < 2 ? 0 : 1, pos: P } : { id: ti, cta, gpu, pos: P };
      return { placement, code };
    });
    const locations: LocDecl[] = [
      { kind: 'value', name: 'x', value: 0n, pos: P },
      { kind: 'value', name: 'y', value: BigInt(initY), pos: P },
    ];
    if (s.proxies) locations.push({ kind: 'alias', name: 'xa', proxy: 'generic', of: 'x', pos: P });
    return {
      arch: 'PTX', name: 'gen', docs: [], locations, regInits: [], threads: ths, observed,
      condition: { quantifier: 'exists', expr: { kind: 'true' }, pos: P },
    };
  });


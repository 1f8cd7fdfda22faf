// Theorem 3: monotonicity. Making one instruction stronger never lets a program reach an
// outcome it could not reach before: for every step below, whenever the stronger program's
// execution is consistent, the same execution of the weaker program (the same reads-from,
// coherence and Fence-SC order, that one instruction weaker) is consistent too. A
// counterexample is reported with both programs; `ptxmm check` then says whether the weaker
// program really cannot reach the outcome (a counterexample for outcomes too) or reaches it by
// another execution.
import { SCOPES } from '../litmus/ast.js';
import type { N } from '../solver/expr.js';
import { broken, programOf, ptxEnv, type SpaceEnv } from './claims.js';
import { type ConcreteEvent, type FoundExecution, readFound } from './execution.js';
import { evaluate } from '../model/concrete.js';
import { consistent, type Theorem } from './prove.js';
import { type EventVars, put, type Space } from './space.js';
import type { SRel } from '../solver/symbolic.js';

export interface Step {
  name: string;
  /** The strengthening, in words. */
  what: string;
  /** The changed event k is of this kind in the stronger execution. */
  applies(space: Space, k: number): N;
  /** Its attributes in the weaker one (`narrower`: the weaker scope, for wider-scope; F: false). */
  weaker(v: EventVars, narrower: N, F: N): EventVars;
  /** The same change on a found execution (`narrower`: the scope it had). */
  weakerFound(e: ConcreteEvent, narrower: number): ConcreteEvent | null;
}

const halfOfAtom = (space: Space, k: number): N => space.dag.or(k + 1 < space.n ? space.rmw[k]! : space.dag.F, k > 0 ? space.rmw[k - 1]! : space.dag.F);

export const STEPS: Step[] = [
  {
    name: 'weak-to-relaxed', what: 'a weak ld/st made .relaxed',
    applies: (s, k) => { const v = s.ev[k]!; return s.dag.and(s.dag.or(v.isR, v.isW), v.strong, s.dag.not(v.acq), s.dag.not(v.rel), s.dag.not(halfOfAtom(s, k))); },
    weaker: (v, _n, F) => ({ ...v, strong: F }),
    weakerFound: (e) => ({ ...e, strong: false, scope: 'cta' }),
  },
  {
    name: 'relaxed-to-acquire', what: 'a relaxed read (ld, or the read of an atom) made .acquire',
    applies: (s, k) => s.ev[k]!.acq,
    weaker: (v, _n, F) => ({ ...v, acq: F }),
    weakerFound: (e) => ({ ...e, acq: false }),
  },
  {
    name: 'relaxed-to-release', what: 'a relaxed write (st, or the write of an atom) made .release',
    applies: (s, k) => s.ev[k]!.rel,
    weaker: (v, _n, F) => ({ ...v, rel: F }),
    weakerFound: (e) => ({ ...e, rel: false }),
  },
  {
    name: 'wider-scope', what: 'a strong access or fence given a wider scope',
    // For an atom, the change is made at its read and applies to both halves.
    applies: (s, k) => s.dag.and(s.ev[k]!.strong, k > 0 ? s.dag.not(s.rmw[k - 1]!) : s.dag.T),
    weaker: (v, narrower) => ({ ...v, scope: narrower }),
    weakerFound: (e, narrower) => ({ ...e, scope: SCOPES[narrower]! }),
  },
  {
    name: 'added-fence', what: 'a fence added',
    applies: (s, k) => s.ev[k]!.isF,
    weaker: (v) => v,
    weakerFound: () => null,
  },
  {
    name: 'acq_rel-to-sc', what: 'a fence.acq_rel made fence.sc',
    applies: (s, k) => s.dag.and(s.ev[k]!.isF, s.ev[k]!.sc),
    weaker: (v, _n, F) => ({ ...v, sc: F }),
    weakerFound: (e) => ({ ...e, sc: false }),
  },
];

/** The weaker execution's view of the space: event k changed by `step` (k chosen by Z3). */
function weakerEnv(space: Space, step: Step, changed: N[], narrower: N): SpaceEnv {
  const { dag } = space;
  const F = dag.F;
  const evs = space.ev.map((v, i): EventVars => {
    // An atom's write changes scope with its read.
    const on = step.name === 'wider-scope' && i > 0 ? dag.or(changed[i]!, dag.and(space.rmw[i - 1]!, changed[i - 1]!)) : changed[i]!;
    const w = step.weaker(v, narrower, F);
    const pick = (a: N, b: N): N => (a === b ? a : dag.ite(on, b, a));
    return {
      isR: v.isR, isW: v.isW, isF: v.isF, loc: v.loc,
      strong: pick(v.strong, w.strong), acq: pick(v.acq, w.acq), rel: pick(v.rel, w.rel), sc: pick(v.sc, w.sc), scope: pick(v.scope, w.scope),
    };
  });
  const base = space.base(evs);
  const exec = space.exec.map((x, i) => (step.name === 'added-fence' && i < space.n ? dag.and(x, dag.not(changed[i]!)) : x));
  // The same Fence-SC order, between the fences that are still morally strong fence.sc.
  const sf: SRel = new Map();
  for (const [a, row] of space.dynamic.sync_fence!) for (const [b, f] of row) put(sf, a, b, dag.and(f, base.scPair(a, b)));
  return { exec, sets: base.sets, statics: base.statics, dynamic: { ...space.dynamic, sync_fence: sf } };
}

/** `reversed`: the step taken the other way (a weakening), which must fail: the tests' mutation. */
export function monotonicity(step: Step, reversed = false): Theorem {
  return {
    name: `${reversed ? 'anti' : 'mono'}-${step.name}`,
    group: 'monotonicity',
    statement: reversed
      ? `Undoing ${step.what} never makes a reachable outcome unreachable (false: a check of the checker).`
      : `${step.what[0]!.toUpperCase()}${step.what.slice(1)} never makes an unreachable outcome reachable.`,
    expect: reversed ? 'fails' : 'holds',
    claim(space, opt) {
      const { dag, n } = space;
      const changed = Array.from({ length: n }, (_, i) => dag.boolVar(`changed_${i}`));
      const narrower = dag.intVar('narrower');
      const one: N[] = [dag.or(...changed)];
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) one.push(dag.not(dag.and(changed[i]!, changed[j]!)));
      const pre = changed.map((c, k) => dag.implies(c, dag.and(space.exec[k]!, step.applies(space, k), step.name === 'wider-scope' ? dag.ilt(narrower, space.ev[k]!.scope) : dag.T)));
      const stronger = ptxEnv(space);
      const weaker = weakerEnv(space, step, changed, narrower);
      const [from, to] = reversed ? [weaker, stronger] : [stronger, weaker];
      return {
        assume: [...one, ...pre, dag.ile(dag.int(0), narrower), consistent(dag, opt.model, from, false, 's')],
        conclusion: consistent(dag, opt.model, to, true, 'w'),
        counterexample(val) {
          const f = readFound(space, val);
          const k = changed.findIndex((c) => val(c) === true);
          const weak = weakenFound(f, k, step, Number(val(narrower)));
          const name = `${reversed ? 'anti' : 'mono'}-${step.name}`;
          // The program assumed consistent comes first; the one claimed to lose the outcome second.
          const program = (x: FoundExecution, role: 'stronger' | 'weaker', reached: boolean) =>
            programOf(x, `${name}-${role}`, `${role} program`, [`The ${role} program of a counterexample to ptxmm prove ${name} (${step.what}).`], opt.model, reached, reached);
          const [a, b] = reversed ? [program(weak, 'weaker', true), program(f, 'stronger', false)] : [program(f, 'stronger', true), program(weak, 'weaker', false)];
          const ra = evaluate(opt.model, a.execution.x);
          const rb = evaluate(opt.model, b.execution.x);
          return {
            // From the consistent program to the one that breaks: for a monotonicity theorem the
            // stronger program's execution is the consistent one, so the step is undone.
            summary: `${reversed ? '' : 'undoing '}event ${k}'s strengthening (${step.what}) turns a consistent execution into one that breaks ${broken(rb).join(', ')}`,
            details: [],
            programs: [a, b],
            concrete: ra.consistent && !rb.consistent ? null : `the concrete evaluator finds the first execution ${ra.consistent ? 'consistent' : 'inconsistent'} and the second ${rb.consistent ? 'consistent' : 'inconsistent'}`,
          };
        },
      };
    },
  };
}

/** The found (stronger) execution with event k weakened by `step`; an added fence removed. */
function weakenFound(f: FoundExecution, k: number, step: Step, narrower: number): FoundExecution {
  const e = step.weakerFound(f.events[k]!, narrower);
  if (e) {
    const events = f.events.map((x, i) => (i === k || (step.name === 'wider-scope' && i === k + 1 && f.events[k]!.rmw) ? step.weakerFound(x, narrower)! : x));
    return { ...f, events };
  }
  // Remove event k and renumber: program events shift down by one, initial writes too.
  const re = (i: number): number => (i > k ? i - 1 : i);
  const keep = ([a, b]: [number, number]): boolean => a !== k && b !== k;
  const map = (ps: [number, number][]): [number, number][] => ps.filter(keep).map(([a, b]): [number, number] => [re(a), re(b)]);
  return { ...f, events: f.events.filter((_, i) => i !== k), rf: map(f.rf), co: map(f.co), syncFence: map(f.syncFence), dep: map(f.dep) };
}

export const monotonicityTheorems: Theorem[] = STEPS.map((s) => monotonicity(s));

// Final states as a test observes them: the registers and locations named in the condition,
// the filter and `locations [...]`, their values, and the condition's verdict.
import type { Expr, LitmusTest, Observable, Term } from '../litmus/ast.js';
import { type RV, compare, resize, rv, show } from './bits.js';
import type { Program } from './program.js';
import type { MState } from './state.js';
import { has } from './view.js';

/** Observables of a test, registers (by thread, name) first, then locations (by name). */
export function observables(test: LitmusTest): Observable[] {
  const out = new Map<string, Observable>();
  const add = (o: Observable): void => { out.set(obsKey(o), o); };
  const visit = (e: Expr): void => {
    if (e.kind === 'cmp') { for (const t of [e.left, e.right]) if (t.kind !== 'const') add(t); }
    else if (e.kind === 'and' || e.kind === 'or') e.args.forEach(visit);
    else if (e.kind === 'not') visit(e.arg);
  };
  test.observed.forEach(add);
  visit(test.condition.expr);
  if (test.filter) visit(test.filter);
  return [...out.values()].sort((a, b) => {
    if (a.kind !== b.kind) return a.kind === 'reg' ? -1 : 1;
    if (a.kind === 'reg' && b.kind === 'reg') return a.thread - b.thread || a.reg.localeCompare(b.reg);
    return (a as { name: string }).name.localeCompare((b as { name: string }).name);
  });
}

const obsKey = (o: Observable): string => (o.kind === 'reg' ? `P${o.thread}:${o.reg}` : o.name);

/** Observed values, in the order of `observables`. */
export type Outcome = RV[];

/**
 * The outcomes of a final state. Coherence is partial, so a location ends with the value of
 * any write no other write comes after (as the solver reads it): one outcome per choice.
 */
export function outcomesOf(prog: Program, obs: readonly Observable[], s: MState): Outcome[] {
  let outs: Outcome[] = [[]];
  for (const o of obs) {
    let vals: RV[];
    if (o.kind === 'reg') {
      const ti = prog.index.get(o.thread);
      vals = [(ti === undefined ? undefined : s.th[ti]!.regs.get(o.reg)) ?? rv(32, 0)];
    } else {
      const l = prog.locOfName.get(o.name)!;
      const ms = s.mem[l]!;
      const later = ms.reduce((m, x) => m | x.pred, 0);
      const w = prog.locs[l]!.width;
      vals = [...new Set(ms.filter((_, i) => !has(later, i)).map((x) => x.val))].map((v) => rv(w, v));
    }
    outs = outs.flatMap((prefix) => vals.map((v) => [...prefix, v]));
  }
  return outs;
}

export const outcomeKey = (o: Outcome): string => o.map((v) => `${v.w}:${v.v}`).join(' ');

export function formatOutcome(obs: readonly Observable[], o: Outcome): string {
  return obs.map((x, i) => `${obsKey(x)}=${show(o[i]!)};`).join(' ');
}

/**
 * Evaluates a condition expression on an outcome as the solver does: both sides at the wider
 * width (zero-extended; constants take it), ordered comparisons signed.
 */
export function holds(e: Expr, obs: readonly Observable[], o: Outcome): boolean {
  const width = (t: Term): number => (t.kind === 'const' ? 0 : o[obs.findIndex((x) => obsKey(x) === obsKey(t))]!.w);
  const val = (t: Term, w: number): RV => (t.kind === 'const' ? rv(w, t.value) : resize(o[obs.findIndex((x) => obsKey(x) === obsKey(t))]!, w));
  switch (e.kind) {
    case 'true': return true;
    case 'false': return false;
    case 'not': return !holds(e.arg, obs, o);
    case 'and': return e.args.every((a) => holds(a, obs, o));
    case 'or': return e.args.some((a) => holds(a, obs, o));
    case 'cmp': {
      const w = Math.max(width(e.left), width(e.right), 1);
      return compare(e.op, val(e.left, w), val(e.right, w), true);
    }
  }
}

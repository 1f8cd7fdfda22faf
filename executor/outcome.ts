// Final states as a test observes them: the registers and locations named in the condition
// and `locations [...]`, their values, and the condition's verdict. A filter may read others:
// they are computed with the outcome, after the ones it shows, and left out of what it shows.
import { type Expr, type LitmusTest, type Observable, observablesIn } from '../litmus/ast.js';
import { type ValueType, asInteger, conditionHolds, observableName } from '../litmus/types.js';
import type { Program } from './program.js';
import type { MState } from './state.js';
import { has } from './view.js';

/**
 * What a final state shows, registers (by thread, name) first, then locations (by name): the
 * condition's terms and `locations [...]`, the same set as the solver's (solver/enumerate.ts),
 * so that the two engines' states compare. With `withFilter`, the filter's other terms follow
 * them: outcomes are computed over these, so that the filter can be applied, and an outcome's
 * first `observables(test).length` values are what it shows.
 */
export function observables(test: LitmusTest, withFilter = false): Observable[] {
  const out = new Map<string, Observable>();
  const add = (o: Observable): void => { out.set(obsKey(o), o); };
  test.observed.forEach(add);
  observablesIn(test.condition.expr).forEach(add);
  const shown = [...out.values()].sort((a, b) => {
    if (a.kind !== b.kind) return a.kind === 'reg' ? -1 : 1;
    if (a.kind === 'reg' && b.kind === 'reg') return a.thread - b.thread || a.reg.localeCompare(b.reg);
    return (a as { name: string }).name.localeCompare((b as { name: string }).name);
  });
  if (!withFilter || !test.filter) return shown;
  const n = out.size;
  observablesIn(test.filter).forEach(add);
  return [...shown, ...[...out.values()].slice(n)];
}

const obsKey = observableName;

/** Observed values, in the order of `observables` (of `observables(test, true)` before a filter is applied): integers, as their types read them (litmus/types.ts). */
export type Outcome = bigint[];

/** How a condition reads an observable: a register's or location's static type. */
export function observableType(prog: Program, o: Observable): ValueType {
  if (o.kind === 'loc') return prog.locs[prog.locOfName.get(o.name)!]!;
  return prog.threads[prog.index.get(o.thread)!]!.regTypes.get(o.reg) ?? { width: 32, signed: false };
}

/**
 * The outcomes of a final state. Coherence is partial, so a location ends with the value of
 * any write no other write comes after (as the solver reads it): one outcome per choice, made
 * once per physical location, so that names of one location (`z @ surface aliases x`) show
 * the same write.
 */
export function outcomesOf(prog: Program, obs: readonly Observable[], s: MState): Outcome[] {
  // The final values each observed location may show, by physical location.
  const finals = new Map<number, bigint[]>();
  for (const o of obs) {
    if (o.kind !== 'loc') continue;
    const l = prog.locOfName.get(o.name)!;
    if (finals.has(l)) continue;
    const ms = s.mem[l]!;
    const later = ms.reduce((m, x) => m | x.pred, 0);
    finals.set(l, [...new Set(ms.filter((_, i) => !has(later, i)).map((x) => x.val))]);
  }
  // One choice of value per location with several: most final states have none to make.
  let picks: Map<number, bigint>[] = [new Map()];
  for (const [l, vals] of finals) {
    if (vals.length === 1) for (const p of picks) p.set(l, vals[0]!);
    else picks = picks.flatMap((p) => vals.map((v) => new Map(p).set(l, v)));
  }
  return picks.map((p) => obs.map((o) => {
    const t = observableType(prog, o);
    if (o.kind === 'loc') return asInteger(p.get(prog.locOfName.get(o.name)!)!, t);
    const ti = prog.index.get(o.thread);
    const ri = ti === undefined ? undefined : prog.threads[ti]!.regIndex.get(o.reg);
    return asInteger((ri === undefined ? undefined : s.th[ti!]!.regs[ri])?.v ?? 0n, t);
  }));
}

export const outcomeKey = (o: Outcome): string => o.join(' ');

/** The outcome's text: the values of `obs` (an outcome computed with the filter's terms shows only those). */
export function formatOutcome(obs: readonly Observable[], o: Outcome): string {
  return obs.map((x, i) => `${observableName(x)}=${o[i]!};`).join(' ');
}

/**
 * A condition expression as a test of outcomes (values compare as the integers they are),
 * each term's position among `obs` found once: an exploration asks it of every outcome, and
 * finding positions by name each time was most of the cost of a test with many of them.
 */
export function holdsOn(e: Expr, obs: readonly Observable[]): (o: Outcome) => boolean {
  const at = new Map(obs.map((x, i) => [obsKey(x), i]));
  const pos = new Map<Observable, number>();
  const index = (t: Observable): number => {
    let i = pos.get(t);
    if (i === undefined) {
      i = at.get(obsKey(t));
      if (i === undefined) throw new Error(`${obsKey(t)} is not observed (observables(test, true) lists every term of the condition and filter)`);
      pos.set(t, i);
    }
    return i;
  };
  return (o) => conditionHolds(e, (t) => o[index(t)]!);
}

/** Evaluates a condition expression on one outcome (holdsOn, once). */
export const holds = (e: Expr, obs: readonly Observable[], o: Outcome): boolean => holdsOn(e, obs)(o);

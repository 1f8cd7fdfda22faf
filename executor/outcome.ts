// Final states as a test observes them: the registers and locations named in the condition
// and `locations [...]`, their values, and the condition's verdict. A filter may read others:
// they are computed with the outcome, after the ones it shows, and left out of what it shows.
import { type Expr, type LitmusTest, type Observable, observablesIn } from '../litmus/ast.js';
import { type ValueType, asInteger, conditionTest, observableName } from '../litmus/types.js';
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
export const outcomesOf = (prog: Program, obs: readonly Observable[], s: MState): Outcome[] => outcomeReader(prog, obs)(s);

/**
 * outcomesOf for one program and list of observables, what does not change between states
 * (types, register slots, physical locations) looked up once: an exploration asks it of every
 * final state.
 */
export function outcomeReader(prog: Program, obs: readonly Observable[]): (s: MState) => Outcome[] {
  const types = obs.map((o) => observableType(prog, o));
  // Per observable: its physical location, or its thread and register slot (-1: never written, 0).
  const locs = obs.map((o) => (o.kind === 'loc' ? prog.locOfName.get(o.name)! : -1));
  const regs = obs.map((o) => {
    if (o.kind !== 'reg') return { ti: -1, ri: -1 };
    const ti = prog.index.get(o.thread);
    const ri = ti === undefined ? undefined : prog.threads[ti]!.regIndex.get(o.reg);
    return ti === undefined || ri === undefined ? { ti: -1, ri: -1 } : { ti, ri };
  });
  const observed = [...new Set(locs.filter((l) => l >= 0))];
  return (s) => {
    // The final values each observed location may show, by physical location.
    const finals = new Map<number, bigint[]>();
    let choices = 1;
    for (const l of observed) {
      const ms = s.mem[l]!;
      let later = 0;
      for (const x of ms) later |= x.pred;
      const vals: bigint[] = [];
      ms.forEach((x, i) => { if (!has(later, i) && !vals.includes(x.val)) vals.push(x.val); });
      finals.set(l, vals);
      choices *= vals.length;
    }
    const one = (pick: (l: number) => bigint): Outcome => obs.map((o, i) => {
      if (locs[i]! >= 0) return asInteger(pick(locs[i]!), types[i]!);
      const { ti, ri } = regs[i]!;
      return asInteger(ti < 0 ? 0n : s.th[ti]!.regs[ri]?.v ?? 0n, types[i]!);
    });
    // Most final states have no choice to make.
    if (choices === 1) return [one((l) => finals.get(l)![0]!)];
    // One choice of value per location with several.
    let picks: Map<number, bigint>[] = [new Map()];
    for (const [l, vals] of finals) {
      if (vals.length === 1) for (const p of picks) p.set(l, vals[0]!);
      else picks = picks.flatMap((p) => vals.map((v) => new Map(p).set(l, v)));
    }
    return picks.map((p) => one((l) => p.get(l)!));
  };
}

export const outcomeKey = (o: Outcome): string => o.join(' ');

/** The outcome's text: the values of `obs` (an outcome computed with the filter's terms shows only those). */
export const formatOutcome = (obs: readonly Observable[], o: Outcome): string => outcomeFormat(obs)(o);

/** formatOutcome for one list of observables, their names written once. */
export function outcomeFormat(obs: readonly Observable[]): (o: Outcome) => string {
  const names = obs.map((x) => `${observableName(x)}=`);
  return (o) => o.map((v, i) => `${names[i]}${v};`).join(' ');
}

/**
 * A condition expression as a test of outcomes (values compare as the integers they are),
 * compiled once (litmus/types.ts conditionTest), each term's position among `obs` found once:
 * an exploration asks it of every outcome, and finding positions by name each time was most of
 * the cost of a test with many of them.
 */
export function holdsOn(e: Expr, obs: readonly Observable[]): (o: Outcome) => boolean {
  const at = new Map(obs.map((x, i) => [obsKey(x), i]));
  return conditionTest(e, (t): ((o: Outcome) => bigint) => {
    const i = at.get(obsKey(t));
    if (i === undefined) throw new Error(`${obsKey(t)} is not observed (observables(test, true) lists every term of the condition and filter)`);
    return (o) => o[i]!;
  });
}

/** Evaluates a condition expression on one outcome (holdsOn, once). */
export const holds = (e: Expr, obs: readonly Observable[], o: Outcome): boolean => holdsOn(e, obs)(o);

// Reads the execution Z3 found back as a model/concrete.ts Execution: Z3 gives the values of
// the declared variables; the encoding's own DAG, evaluated under them, gives which events ran,
// their values, rf, co, Fence-SC order, barrier pairs and dependencies. Evaluating the DAG
// (rather than asking Z3 for every term) keeps one round trip and one source of truth.
import type { Execution, Pair } from '../model/concrete.js';
import type { Encoding } from './encode.js';
import type { Dag, N, Value } from './expr.js';
import { newEvaluator } from './expr.js';
import type { SRel } from './symbolic.js';
import { entries } from './symbolic.js';
import { literal, parseSexps, type Sexp } from './z3.js';
import { asInteger } from '../litmus/types.js';

export interface WitnessExecution {
  /** Executed events only, renumbered (`x.events[i].id === i`). */
  x: Execution;
  /** Value read (R) or written (W) per event of `x`, an integer of its location's type; null for fences and barriers. */
  values: (bigint | null)[];
  /** Physical location names, indexed by `EventInfo.ploc`. */
  locNames: string[];
  /** Per physical location: its width where it holds floating-point data (its values shown as floats), else null; absent: none does. */
  locFloats?: (number | null)[];
  /** Per event of `x`, its id in the encoding (Encoding.events): executed events renumbered. */
  encodingIds: number[];
  /** The adds ptxas fused in it (ast.ts Fusion sites); empty when none. */
  fused: string[];
}

function intOf(s: Sexp): number | null {
  const v = literal(s);
  return typeof v === 'bigint' ? Number(v) : null;
}

/**
 * After a `sat` answer: an evaluator of the DAG's formulas under the model Z3 found. Only the
 * variables `script` declares may be asked for; the others are unconstrained (any value will do).
 */
export function modelEvaluator(dag: Dag, script: string, ask: (cmds: string) => string): (n: N) => Value {
  const sorts = new Map<string, 'bool' | 'bv' | 'int'>();
  for (const d of dag.nodes) if (d.op === 'var') sorts.set(d.name, d.sort.s);
  const declared = [...script.matchAll(/\(declare-const (\S+) /g)].map((m) => m[1]!).filter((n) => sorts.has(n));
  const env = new Map<string, Value>();
  for (let i = 0; i < declared.length; i += 500) {
    const chunk = declared.slice(i, i + 500);
    const got = parseSexps(ask(`(get-value (${chunk.join(' ')}))`))[0];
    if (!Array.isArray(got)) throw new Error('unexpected Z3 reply to get-value');
    for (const pair of got) {
      if (!Array.isArray(pair) || typeof pair[0] !== 'string') continue;
      const name = pair[0];
      const sort = sorts.get(name);
      const raw = pair[1]!;
      if (sort === 'int') env.set(name, intOf(raw) ?? 0);
      else {
        const v = literal(raw);
        if (v !== null) env.set(name, v);
      }
    }
  }
  return newEvaluator(dag, (name) => env.get(name) ?? (sorts.get(name) === 'bool' ? false : sorts.get(name) === 'int' ? 0 : 0n));
}

/** After a `sat` answer: the model's execution. */
export function readExecution(enc: Encoding, ask: (cmds: string) => string): WitnessExecution {
  const ev = modelEvaluator(enc.dag, enc.script, ask);
  const holds = (f: N): boolean => ev(f) === true;
  const exec = enc.events.map((e) => holds(e.guard));
  const ids = enc.events.filter((_, i) => exec[i]).map((e) => e.info.id);
  const newId = new Map(ids.map((id, i) => [id, i]));
  const pairsOf = (r: SRel): Pair[] => {
    const out: Pair[] = [];
    for (const [a, b, f] of entries(r)) {
      const na = newId.get(a);
      const nb = newId.get(b);
      if (na !== undefined && nb !== undefined && holds(f)) out.push([na, nb]);
    }
    return out;
  };
  const events = ids.map((id, i) => ({ ...enc.events[id]!.info, id: i }));
  const rmwPartner = ids.map((id) => {
    const e = enc.events[id]!;
    return e.info.kind === 'R' && e.rmw >= 0 ? newId.get(e.rmw) ?? -1 : -1;
  });
  const values = ids.map((id) => {
    const v = enc.events[id]!.value;
    if (v === null) return null;
    const x = ev(v);
    return typeof x === 'bigint' ? asInteger(x, enc.locTypes[enc.events[id]!.info.ploc]!) : null;
  });
  const d = enc.dynamic;
  const x: Execution = {
    events, rmwPartner,
    rf: pairsOf(d.rf), co: pairsOf(d.co), syncFence: pairsOf(d.sync_fence), syncBarrier: pairsOf(d.sync_barrier), dep: pairsOf(d.dep),
  };
  return { x, values, locNames: enc.locNames, locFloats: enc.locFloats, encodingIds: ids, fused: enc.fusions.filter((f) => ev(f.node) === true).map((f) => f.site) };
}

// Data races (solver/races.ts) for people and for JSON: each racy pair of instructions with the
// execution in which they race, drawn as `show` draws executions, the pair as a `data-race` edge.
import type { LitmusTest } from '../litmus/ast.js';
import { evaluate, type Mat } from '../model/concrete.js';
import type { Model } from '../model/relalg.js';
import type { RaceAccess, RaceResult, RacyPair } from '../solver/races.js';
import { buildGraph, type ExecGraph, graphRecord } from './graph.js';
import { stuckLine } from './liveness.js';
import { graphText } from './text.js';

/** The racy pair's execution as a graph, the two racing events joined by a `data-race` edge. */
export function raceGraph(model: Model, p: RacyPair): ExecGraph {
  const x = p.witness.execution;
  const n = x.x.events.length;
  const race: Mat = { n, m: new Uint8Array(n * n) };
  race.m[p.events[0] * n + p.events[1]] = 1;
  return buildGraph(x, evaluate(model, x.x), { 'data-race': race }, null);
}

const accessText = (a: RaceAccess): string => `P${a.thread}: ${a.instr}`;

/** `P0: st.weak.global.u32 [x], 1  ~  P1: ld.weak.global.u32 %r0, [x]  (location x, uniform-size)`. */
export function racePairLine(p: { a: RaceAccess; b: RaceAccess; location: string; size?: 'uniform' | 'mixed' }): string {
  const notes = [`location ${p.location}`];
  if (p.size) notes.push(p.size === 'uniform' ? 'uniform-size' : `mixed-size: ${p.a.width} and ${p.b.width} bits, the axioms do not apply (§8.6.2)`);
  if (p.a.name !== p.b.name) notes.push(`through ${p.a.name} and ${p.b.name}`);
  return `${accessText(p.a)}  ~  ${accessText(p.b)}  (${notes.join(', ')})`;
}

/** The whole answer for one test, as `check --races` prints it. */
export function racesText(test: LitmusTest, model: Model, r: RaceResult, seconds: number): string[] {
  // Race-free is an answer about the executions within the loop bound: said on the line itself.
  const within = r.verdict === 'race-free' && r.boundReached ? ' within the loop bound' : '';
  const out = [`Test ${test.name} (${model.name}): ${r.verdict === 'racy' ? `${r.racy.length} racy pair${r.racy.length === 1 ? '' : 's'}` : r.verdict}${within}`];
  if (r.verdict === 'unknown' && r.undecided.length === 0) out.push(`Unknown: ${r.unknown ?? 'no answer'}`);
  for (const p of r.racy) {
    // A pair that races only in executions that never finish says so, and who waits forever.
    const after = p.stuck.length ? `, after which ${p.stuck.map(stuckLine).join(' and ')}, so that it never finishes` : '';
    out.push(`Race ${racePairLine(p)}`, `  in this consistent execution${after}:`, '', ...graphText(raceGraph(model, p)).map((l) => (l ? `    ${l}` : l)), '');
  }
  for (const u of r.undecided) out.push(`Unknown ${racePairLine(u)}: ${u.reason}`);
  if (r.verdict === 'racy' && r.unknown) out.push(`Not every pair was asked: ${r.unknown}`);
  if (r.boundReached) out.push('Bound reached: executions that need more loop iterations are not counted (a larger --bound checks them), nor those that never finish (a thread that hangs: --liveness says)');
  out.push(`Time ${test.name} ${seconds.toFixed(2)}`);
  return out;
}

const accessRecord = (a: RaceAccess): object => ({ thread: `P${a.thread}`, instruction: a.instr, line: a.line, name: a.name, width: a.width });

/** The JSON record's fields (docs/JSON.md, type "races"). */
export function racesRecord(file: string, test: LitmusTest, model: Model, bound: number, r: RaceResult, seconds: number): object {
  return {
    file, test: test.name, model: model.name, bound, verdict: r.verdict, reason: r.unknown, candidates: r.candidates,
    racy: r.racy.map((p) => {
      return { a: accessRecord(p.a), b: accessRecord(p.b), location: p.location, size: p.size, events: p.events, stuck: p.stuck.map(stuckLine), execution: graphRecord(raceGraph(model, p)) };
    }),
    undecided: r.undecided.map((u) => ({ a: accessRecord(u.a), b: accessRecord(u.b), location: u.location, reason: u.reason })),
    boundReached: r.boundReached, seconds,
  };
}

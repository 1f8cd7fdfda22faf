// `ptxmm prove`: theorems about the model, over every execution of up to N events
// (proofs/). Each answer is "holds" with the time, a counterexample (the execution drawn as
// `show` draws it, and litmus tests written to files that `ptxmm check` confirms), or a
// timeout.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate } from '../model/concrete.js';
import { type ExecGraph, buildGraph, graphRecord } from '../present/graph.js';
import { rel } from '../model/relalg.js';
import { graphText } from '../present/text.js';
import { toDot } from '../present/dot.js';
import { renderSvg } from '../present/svg.js';
import { type Confirmation, confirm } from '../proofs/confirm.js';
import { type CounterProgram, type ProofResult, type Theorem, prove } from '../proofs/prove.js';
import { comparisonTheorems } from '../proofs/extends.js';
import { allTheorems, selectTheorems } from '../proofs/theorems.js';
import { unsearched } from '../proofs/space.js';
import { openZ3 } from '../solver/z3.js';
import { CAT_MODEL_OPTION, type Command, EXIT, JSON_OPTION, UsageError, isCatFile, makeDir, modelOf, seconds } from './command.js';
import { jsonLine } from './json.js';

export const DEFAULT_EVENTS = 5;
const DEFAULT_PROOF_TIMEOUT_S = 600;

export const proveCommand: Command = {
  name: 'prove',
  summary: 'check theorems about the model over every execution of up to N events (mapping, monotonicity, ...)',
  args: '[THEOREM|GROUP...]',
  options: [
    { name: 'events', arg: 'N', help: 'program events in an execution (initial writes not counted)', dflt: String(DEFAULT_EVENTS) },
    CAT_MODEL_OPTION,
    { name: 'timeout', arg: 'S', help: 'seconds one theorem may take; past it the answer is a timeout, never "holds" (it bounds the solving: building and reading the script, a few seconds at 12 events, come on top)', dflt: String(DEFAULT_PROOF_TIMEOUT_S) },
    { name: 'out', arg: 'DIR', help: "write each counterexample's litmus tests to DIR", dflt: 'counterexamples' },
    { name: 'svg', arg: 'DIR', help: "also draw each counterexample's executions as DIR/TEST.svg" },
    { name: 'against', arg: 'ptx60|ptx75|FILE.cat', help: 'compare --model with this model instead: does each accept every execution the other accepts (generic proxy, no aliases, no barriers)?' },
    { name: 'list', help: 'list the theorems and groups, and stop' },
    { ...JSON_OPTION, help: 'JSON lines: one prove record per theorem, then a summary (docs/JSON.md)' },
  ],
  details: [
    'Groups: mapping (scoped C++ to PTX, one theorem per RC11 axiom), extends (ptx75 vs ptx60), monotonicity,',
    'fenced-sc, independence (one per axiom of --model: an execution only it forbids), outcome-independence',
    '(an outcome only it forbids; a search that asks check about each candidate program), encoding (check\'s',
    'reading of observation chains accepts exactly the executions --model accepts). With no THEOREM, all of them',
    'but outcome-independence, which runs when named; with --model FILE.cat, that model\'s own (independence, encoding).',
    'compare (--against MODEL): does each of two models accept every execution the other accepts?',
    'exit status: 0 every theorem gave its known answer (holds, or the documented counterexample) and every',
    'counterexample was confirmed by ptxmm check and the concrete evaluator; 1 otherwise (a timeout included); 2 a usage error',
  ],
  async run(a) {
    const model = modelOf(a.get('model'));
    const against = a.has('against') ? modelOf(a.get('against')) : null;
    // Models read from cat are named by their file in the check commands printed.
    const cats = new Map<string, string>();
    for (const [m, arg] of [[model, a.get('model')], [against, a.get('against')]] as const) if (m && isCatFile(arg)) cats.set(m.name, arg);
    if (against && against.name === model.name) throw new UsageError(`--against: both models are named ${model.name} (a cat file is named by its title, else its file name)`);
    if (against && a.rest.length) throw new UsageError('--against runs the two comparison theorems: name no theorem with it');
    // A model read from cat: by default its own theorems (the others are about ptx60 and ptx75).
    const ownOnly = isCatFile(a.get('model')) && a.rest.length === 0 && !a.has('list');
    const own = ownOnly ? allTheorems(model).filter((t) => t.group === 'independence' || t.group === 'encoding').map((t) => t.name) : a.rest;
    // Options are checked first, whatever is then run (or not).
    // One message for every value out of range (-1 was "a non-negative integer", 0 "between 1 and 12").
    const v = a.get('events');
    const events = v === undefined ? DEFAULT_EVENTS : /^\d+$/.test(v) ? Number(v) : NaN;
    if (!(events >= 1 && events <= 12)) throw new UsageError(`--events must be between 1 and 12, not ${v}`);
    const timeoutS = seconds(a.get('timeout'), DEFAULT_PROOF_TIMEOUT_S, 'timeout');
    const json = a.has('json');
    if (json && a.has('list')) throw new UsageError('--list prints the theorems as text: give it without --json');
    if (!against && a.rest.includes('compare')) throw new UsageError(`the group compare is the two theorems --against MODEL asks (does each model accept every execution the other accepts?): give --against rather than the name`);
    // None of its own (a model without checks): nothing to prove, rather than every built-in theorem.
    if (ownOnly && own.length === 0) {
      const none = `${a.get('model')} has no checks, so no theorems of its own (independence and encoding are about its axioms); name a theorem or group to run it under this model`;
      if (a.has('json')) {
        process.stderr.write(`${none}\n`);
        process.stdout.write(jsonLine('summary', { command: 'prove', theorems: 0, seconds: 0 }));
      } else process.stdout.write(`${none}\nTotals: 0 theorems\n`);
      return EXIT.ok;
    }
    const picked = against ? comparisonTheorems(model, against) : a.has('list') && a.rest.length === 0 ? allTheorems(model) : selectTheorems(model, own);
    if (!Array.isArray(picked)) throw new UsageError(`unknown theorem or group ${picked.unknown.map((n) => `'${n}'`).join(', ')} (known: ${picked.known.join(', ')})`);
    if (a.has('list')) {
      // Every proof is bounded: each statement goes through a transitive closure, outside EPR.
      for (const t of picked) process.stdout.write(`${t.name.padEnd(32)} ${t.group.padEnd(21)} bounded  ${t.statement}\n`);
      return EXIT.ok;
    }
    // A bounded proof over a space that leaves things out: said first, where the models lean on them.
    const blind = unsearched(against ? [model, against] : [model]);
    if (blind.length && !json) process.stdout.write(`note: the executions searched never vary what these name, so no answer below covers them: ${blind.join('; ')}\n\n`);
    const out = a.get('out') ?? 'counterexamples';
    const svgDir = a.get('svg') ?? null;
    const t0 = performance.now();
    const tally = { holds: 0, counterexamples: 0, timeouts: 0, unexpected: 0, unconfirmed: 0 };
    const z3 = await openZ3();
    try {
      for (const th of picked) {
        const r = await prove(z3, th, { events, model, timeoutMs: timeoutS * 1000 });
        const c = r.counterexample ? await confirm(z3, r.counterexample, timeoutS * 1000) : null;
        if (r.counterexample && c) {
          makeDir(out);
          for (const k of c.checks) writeFileSync(join(out, `${k.program.test.name}.litmus`), k.text);
          if (svgDir) {
            makeDir(svgDir);
            // The programs of one counterexample often share a test (one execution, two models): a file each.
            const progs = r.counterexample.programs;
            for (const [k, p] of progs.entries()) {
              const file = progs.some((q, j) => j !== k && q.test.name === p.test.name) ? `${p.test.name}-${k + 1}.svg` : `${p.test.name}.svg`;
              writeFileSync(join(svgDir, file), await renderSvg(toDot(drawn(p), `${th.name}: ${p.role}`)));
            }
          }
        }
        const expected = asExpected(th, r);
        tally[r.answer === 'holds' ? 'holds' : r.answer === 'counterexample' ? 'counterexamples' : 'timeouts']++;
        if (!expected) tally.unexpected++;
        if (c && !c.confirmed) tally.unconfirmed++;
        process.stdout.write(json ? jsonLine('prove', proveRecord(r, c, out, expected, blind)) : proveText(r, c, out, expected, cats).join('\n') + '\n\n');
      }
    } finally {
      await z3.close();
    }
    const secs = (performance.now() - t0) / 1000;
    if (json) process.stdout.write(jsonLine('summary', { command: 'prove', theorems: picked.length, ...tally, seconds: secs }));
    else {
      const of = (k: number, one: string, many = `${one}s`): string => `${k} ${k === 1 ? one : many}`;
      process.stdout.write(`Totals: ${of(picked.length, 'theorem')} up to ${events} events, ${tally.holds} hold, ${of(tally.counterexamples, 'counterexample')}, ${of(tally.timeouts, 'timeout')}; ` +
        `${tally.unexpected} unexpected, ${tally.unconfirmed} unconfirmed, ${secs.toFixed(1)} s\n`);
    }
    return tally.unexpected + tally.unconfirmed > 0 ? EXIT.failed : EXIT.ok;
  },
};

/** A counterexample program's execution as drawn: with its dependencies, which NoThinAir's cycles go through. */
function drawn(p: CounterProgram): ExecGraph {
  const res = evaluate(p.model, p.execution.x);
  return buildGraph(p.execution, res, p.execution.x.dep.length ? { dep: res.evalRel(rel('dep')) } : {}, null);
}

/** The answer is the one we know (a timeout never is). */
export function asExpected(th: Theorem, r: ProofResult): boolean {
  // Holding of no execution at all is no answer a theorem was written for.
  if (r.answer === 'timeout' || r.vacuous === true) return false;
  // A known counterexample larger than the bound is not there to find.
  const expect = th.expect === 'fails' && th.fewest !== undefined && r.events < th.fewest ? 'holds' : th.expect;
  return expect === 'either' || (expect === 'holds') === (r.answer === 'holds');
}

function proveText(r: ProofResult, c: Confirmation | null, out: string, expected: boolean, cats: ReadonlyMap<string, string>): string[] {
  const th = r.theorem;
  const time = `${r.seconds.toFixed(1)} s`;
  const tried = r.rounds !== undefined ? `, ${r.rounds} candidate${r.rounds === 1 ? '' : 's'} refuted by check` : '';
  const head = r.answer === 'holds'
    ? `${th.name}: holds for every ${th.search ? 'program' : 'execution'} of up to ${r.events} events (${r.model}, ${time}${tried})`
    : r.answer === 'timeout'
      ? `${th.name}: TIMEOUT after ${time}: no answer up to ${r.events} events (${r.model}${tried})`
      : `${th.name}: counterexample with ${r.size} events (${r.model}, ${time}${r.minimal ? '; none has fewer' : ''})`;
  const lines = [head + (expected ? '' : r.answer === 'timeout' ? '' : r.vacuous ? '  VACUOUS' : th.expect === 'holds' ? '  UNEXPECTED: this theorem should hold' : '  UNEXPECTED: a counterexample was expected'), `  ${th.statement}`];
  if (r.vacuous) lines.push(`  No execution of 1 to ${r.events} events meets its assumptions under ${r.model}: it holds of nothing.`);
  if (th.note && r.answer === 'counterexample') lines.push(`  Known: ${th.note}`);
  const x = r.counterexample;
  if (!x || !c) return lines;
  lines.push(`  ${x.summary}`, ...x.details.map((d) => `  ${d}`));
  lines.push(`  Concrete evaluator: ${x.concrete ?? 'agrees'}`);
  for (const k of c.checks) {
    const said = k.program.reachable ? 'reachable' : 'unreachable';
    const got = k.reachable === 'unknown' ? 'no answer' : k.reachable ? 'reachable' : 'unreachable';
    const verdict = k.reachable === k.program.reachable ? 'as claimed' : k.agrees ? 'reached by another execution: a counterexample for executions, not for outcomes' : 'NOT CONFIRMED';
    lines.push(`  ${k.program.role}: ptxmm check ${checkFlags(k.program.model.name, cats)} ${join(out, `${k.program.test.name}.litmus`)}: outcome ${got} (${said} claimed, ${verdict})`);
  }
  lines.push(...graphText(drawn(x.programs[0]!)).map((l) => `    ${l}`));
  if (!c.confirmed) lines.push('  NOT CONFIRMED: this counterexample is not confirmed (a bug in ptxmm; please report it)');
  return lines;
}

/**
 * The check options that select a model (`ptx75 without Causality` -> `--model ptx75 --without
 * Causality`); a model read from cat is selected by its file.
 */
function checkFlags(model: string, cats: ReadonlyMap<string, string>): string {
  const [base, gone] = model.split(' without ');
  return [`--model ${cats.get(base!) ?? base}`, ...(gone ? gone.split(', ').map((a) => `--without ${a}`) : [])].join(' ');
}

function proveRecord(r: ProofResult, c: Confirmation | null, out: string, expected: boolean, unsearched: readonly string[]): object {
  const th = r.theorem;
  return {
    theorem: th.name, group: th.group, statement: th.statement, expect: th.expect, model: r.model, events: r.events, proof: 'bounded',
    answer: r.answer, asExpected: expected, vacuous: r.vacuous, unsearched, seconds: r.seconds, lines: r.lines, counterexampleEvents: r.size, minimal: r.minimal, rounds: r.rounds ?? null,
    counterexample: r.counterexample && c ? {
      summary: r.counterexample.summary, details: r.counterexample.details, concrete: r.counterexample.concrete, confirmed: c.confirmed,
      programs: c.checks.map((k) => ({
        role: k.program.role, file: join(out, `${k.program.test.name}.litmus`), model: k.program.model.name,
        claimed: k.program.reachable, checked: k.reachable, agrees: k.agrees,
        execution: graphRecord(drawn(k.program)),
      })),
    } : null,
  };
}

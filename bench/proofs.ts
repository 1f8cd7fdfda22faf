// Proof speed: every theorem of `ptxmm prove` (ptx75) at growing N, each run in a process of its
// own (Z3 start included, as `ptxmm prove THEOREM --events N` would pay it), with the largest N
// each reaches within the time limit. A theorem whose answer is a counterexample stops at the
// first N that has one (a counterexample of up to N events is one of up to N+1). A theorem that
// holds climbs while the last step took under STEP_S seconds: growth per event is 3-10x, so a
// step over STEP_S says the next would not finish in LIMIT_S; that N is reported as not tried.
// Writes bench/PROOFS.md and prints it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODELS } from '../model/ptx.js';
import { prove } from '../proofs/prove.js';
import { allTheorems } from '../proofs/theorems.js';
import { openZ3 } from '../solver/z3.js';
import { ROOT } from '../tests/paths.js';

const LIMIT_S = Number(process.env['PTXMM_BENCH_PROOF_LIMIT_S'] ?? 600);
const STEP_S = Number(process.env['PTXMM_BENCH_PROOF_STEP_S'] ?? 60);
const FIRST = 3;
const LAST = 10;

interface Run { theorem: string; events: number; answer: string; size: number | null; seconds: number; lines: number; rssMiB: number }

/** One theorem at one N in this process: a JSON line on stdout. */
async function one(name: string, events: number): Promise<void> {
  const model = MODELS['ptx75']!;
  const th = allTheorems(model).find((t) => t.name === name)!;
  const z3 = await openZ3();
  try {
    const t0 = performance.now();
    const r = await prove(z3, th, { events, model, timeoutMs: LIMIT_S * 1000 });
    const run: Run = {
      theorem: name, events, answer: r.answer, size: r.size, seconds: (performance.now() - t0) / 1000, lines: r.lines,
      rssMiB: process.resourceUsage().maxRSS / 1024,
    };
    process.stdout.write(JSON.stringify(run) + '\n');
  } finally {
    await z3.close();
  }
}

function spawnOne(name: string, events: number): Run {
  const self = fileURLToPath(import.meta.url);
  const p = spawnSync(process.execPath, [self, '--one', name, String(events)], { encoding: 'utf8', timeout: (LIMIT_S + 120) * 1000 });
  const line = p.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as Run;
  } catch {
    return { theorem: name, events, answer: `failed (${p.status ?? p.signal})`, size: null, seconds: NaN, lines: 0, rssMiB: NaN };
  }
}

const args = process.argv.slice(2);
if (args[0] === '--one') {
  await one(args[1]!, Number(args[2]));
} else {
  const only = args.length ? new Set(args) : null;
  const theorems = allTheorems(MODELS['ptx75']!).filter((t) => !only || only.has(t.name) || only.has(t.group));
  const rows: string[] = [];
  const runs: Run[] = [];
  for (const th of theorems) {
    let reached = '-';
    let stop = '';
    for (let n = FIRST; n <= LAST; n++) {
      const r = spawnOne(th.name, n);
      runs.push(r);
      process.stderr.write(`${th.name} N=${n}: ${r.answer} ${r.seconds.toFixed(1)} s\n`);
      if (r.answer === 'holds') reached = `holds to ${n}`;
      if (r.answer === 'counterexample') { reached = `counterexample (${r.size} events)`; break; }
      if (r.answer !== 'holds') { stop = `N=${n}: ${r.answer} after ${r.seconds.toFixed(0)} s`; break; }
      if (r.seconds > STEP_S) { stop = `N=${n + 1} not tried (N=${n} took ${r.seconds.toFixed(0)} s)`; break; }
      if (n === LAST) stop = `stopped at N=${LAST}`;
    }
    const mine = runs.filter((r) => r.theorem === th.name);
    rows.push(`| ${th.name} | ${th.expect} | ${mine.map((r) => `${r.events}: ${Number.isNaN(r.seconds) ? r.answer : r.seconds.toFixed(1)}`).join(', ')} | ${reached} | ${stop} | ${Math.max(...mine.map((r) => r.rssMiB)).toFixed(0)} |`);
  }
  // Naming theorems reruns just those: the other rows of an earlier PROOFS.md are kept.
  const file = join(ROOT, 'bench', 'PROOFS.md');
  if (only && existsSync(file)) {
    const mine = new Set(theorems.map((t) => t.name));
    const kept = readFileSync(file, 'utf8').split('\n').filter((l) => /^\| [a-z]/.test(l) && !l.startsWith('| theorem ') && !mine.has(l.split(' | ')[0]!.slice(2)));
    rows.unshift(...kept);
    const order = allTheorems(MODELS['ptx75']!).map((t) => t.name);
    rows.sort((a, b) => order.indexOf(a.split(' | ')[0]!.slice(2)) - order.indexOf(b.split(' | ')[0]!.slice(2)));
  }
  const md = [
    '# Proofs: time per theorem per N (ptx75)',
    '',
    'Written by `npm run bench` (bench/proofs.ts). Each run is `prove(theorem, N)` in a process of its own,',
    `Z3 start included; N counts program events (initial writes not counted). Per-run limit ${LIMIT_S} s;`,
    `a theorem that holds climbs to the next N while the last run took under ${STEP_S} s (growth per event`,
    `is several-fold, so a longer step says the next N would pass the ${LIMIT_S} s limit). A counterexample`,
    'stops the climb: one of up to N events is one of up to N+1. Seconds per N; peak RSS in MiB.',
    "The outcome-implied-* rows are searches (proofs/outcomes.ts: candidates refuted by check's",
    'solver until none is left), which `ptxmm prove` runs only when they are named.',
    '',
    '| theorem | expected | seconds at N = | reached | stopped because | peak RSS MiB |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Machine: ${process.env['PTXMM_BENCH_MACHINE'] ?? 'this 2-core machine'}, ${new Date().toISOString().slice(0, 10)}.`,
    '',
  ].join('\n');
  writeFileSync(file, md);
  process.stdout.write(md);
}

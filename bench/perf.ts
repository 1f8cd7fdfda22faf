// Issue 14's measures, each a whole `ptxmm` process as a user runs it: a trivial check's
// start-up, `check` (every reachable state) over the whole Dat3M corpus and our tests, state
// listing for SB and LB as threads grow, and verdict mode (`conform`) for MP, SB, LB and IRIW
// up to 40 threads, with the script's size. With PTXMM_BASELINE=DIR (another checkout, built),
// the same commands also run there, for a before/after table. Writes bench/PERF.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseLitmus } from '../litmus/parse.js';
import { DEFAULT_LOOP_BOUND } from '../litmus/ast.js';
import { ptx75 } from '../model/ptx.js';
import { encode } from '../solver/encode.js';
import { limitsFrom } from '../solver/limits.js';
import { unroll } from '../solver/unroll.js';
import { CORPUS, ROOT, hasCorpus } from '../tests/paths.js';
import { type Family, family } from './families.js';
import { type Run, ptxmmProcess as ptxmm } from './process.js';

const BASELINE = process.env['PTXMM_BASELINE'] ?? null;
const roots: [string, string][] = [['now', ROOT], ...(BASELINE ? [['before', BASELINE] as [string, string]] : [])];
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (s: number): string => s.toFixed(2);
const dir = mkdtempSync(join(tmpdir(), 'ptxmm-perf-'));
const commit = (dir: string): string => {
  try { return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(); } catch { return 'unknown'; }
};
const md: string[] = [
  '# Performance (issue 14)', '',
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPUs; ptx75, bound ${DEFAULT_LOOP_BOUND}. Every time is a whole \`ptxmm\` process (wall),`,
  'Z3 start included, unless it says otherwise. Regenerate with `npm run bench`'
  + (BASELINE ? `; the "before" columns ran the same commands in another checkout (PTXMM_BASELINE, commit ${commit(BASELINE)}; now is ${commit(ROOT)}), alternating with it.` : '.'), '',
];
const cols = roots.map(([name]) => name);
const log = (line: string): void => { md.push(line); process.stderr.write(line + '\n'); };

// ---- start-up ----
log('## Start-up'); log('');
log(`| command | ${cols.map((c) => `${c}, median of 5 (s)`).join(' | ')} |`); log(`|---|${cols.map(() => '---').join('|')}|`);
const trivial = join(ROOT, 'litmus', 'tests', 'isa', 'CoRR+weak-allowed.litmus');
for (const args of [['check', trivial], ['parse', trivial], ['--version']]) {
  log(`| ptxmm ${args.map((a) => (a === trivial ? 'CoRR+weak-allowed.litmus' : a)).join(' ')} | ${roots.map(([, r]) => fmt(median(Array.from({ length: 5 }, () => ptxmm(r, args, 600).seconds)))).join(' | ')} |`);
}
log('');

// ---- check over whole folders ----
interface CheckRecord { type: string; file: string; seconds: number; result: string; states?: unknown[] }
const batch = (root: string, inputs: string[]): { run: Run; recs: CheckRecord[] } => {
  const run = ptxmm(root, ['check', '--json', ...inputs], 600);
  const recs = run.out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as CheckRecord).filter((r) => r.type === 'check');
  return { run, recs };
};
log('## `check` over whole folders (every reachable state, one process)'); log('');
if (BASELINE) {
  log('Answers are compared on the tests both checkouts read; a row that says they differ names the tests,');
  log('which is where a fix made since the baseline shows (see the git log of those tests).'); log('');
}
log('| inputs | tests | checkout | seconds | peak MiB | tests over 1 s | slowest tests (s) | states listed |'); log('|---|---|---|---|---|---|---|---|');
const sets: [string, string[]][] = [['litmus/tests (ours)', [join(ROOT, 'litmus', 'tests')]]];
if (hasCorpus) sets.push(['Dat3M corpus (all of litmus/PTX)', [join(CORPUS, 'litmus', 'PTX')]]);
const stateSets = new Map<string, Map<string, string>>();
for (const [name, inputs] of sets) {
  for (const [col, root] of roots) {
    const { run, recs } = batch(root, inputs);
    const slow = [...recs].sort((a, b) => b.seconds - a.seconds).slice(0, 3).map((r) => `${r.file.split('/').slice(-2).join('/')} ${r.seconds.toFixed(2)}`);
    const states = recs.reduce((n, r) => n + (r.states?.length ?? 0), 0);
    log(`| ${name} | ${recs.length} | ${col} | ${fmt(run.seconds)} | ${run.mib?.toFixed(0) ?? ''} | ${recs.filter((r) => r.seconds > 1).length} | ${slow.join('; ')} | ${states} |`);
    // The answers must not move: the same states and results in every checkout, compared on
    // the tests both read (an older checkout refuses tests of features it lacks).
    const mine = new Map(recs.map((r) => [r.file, JSON.stringify([r.result, r.states])]));
    const other = stateSets.get(name);
    const differ = other ? [...mine].filter(([f, k]) => other.has(f) && other.get(f) !== k).map(([f]) => f.split('/').slice(-2).join('/')) : [];
    if (differ.length) log(`| ${name} | | **the checkouts' answers differ** (${differ.join(', ')}) | | | | | |`);
    if (!other) stateSets.set(name, mine);
  }
}
log('');

// ---- families ----
const write = (kind: Family, n: number): string => {
  const f = join(dir, `${kind}-${n}.litmus`);
  writeFileSync(f, family(kind, n));
  return f;
};

log('## Listing every state: SB and LB with n threads (2^n - 1 states)'); log('');
log('Both are rings, so `check` finds each state\'s orbit under the rotation at once (solver/symmetry.ts).');
log('"SB-n, values differ" stores i + 1 in thread i: no symmetry, the cost per state Z3 finds. The');
log('baseline runs up to 12 threads (past that it ran out of its 300 s).'); log('');
log(`| test | states | ${cols.map((c) => `${c}: s / ms per state`).join(' | ')} |`); log(`|---|---|${cols.map(() => '---').join('|')}|`);
/** SB-n whose threads store different values: the same states, but no two threads alike. */
const asymmetric = (n: number): string => family('SB', n).replace(/st\.global\.u32 \[x(\d+)\], 1/g, (_, i: string) => `st.global.u32 [x${i}], ${Number(i) + 1}`);
const rows: [string, number, string][] = [];
for (const kind of ['SB', 'LB'] as Family[]) for (const n of [8, 10, 12, 14, 16]) rows.push([`${kind}-${n}`, n, family(kind, n)]);
for (const n of [8, 10, 12]) rows.push([`SB-${n}, values differ`, n, asymmetric(n)]);
for (const [name, n, text] of rows) {
  const f = join(dir, `${name.replace(/[^A-Za-z0-9-]/g, '_')}.litmus`);
  writeFileSync(f, text);
  const cells = roots.map(([col, r]) => {
    if (col !== 'now' && n > 12) return { k: 0, text: 'not run' };
    const run = ptxmm(r, ['check', '--json', f], 300);
    const rec = run.out.split('\n').filter((l) => l.includes('"type":"check"')).map((l) => JSON.parse(l) as CheckRecord)[0];
    const k = rec?.states?.length ?? 0;
    return { k, text: rec?.result === 'Unknown' || !rec ? `no answer (${fmt(run.seconds)} s)` : `${fmt(run.seconds)} / ${((run.seconds * 1000) / Math.max(1, k)).toFixed(1)}` };
  });
  log(`| ${name} | ${Math.max(...cells.map((c) => c.k))} | ${cells.map((c) => c.text).join(' | ')} |`);
}
log('');

log('## Verdict mode (`conform`, one row): MP, SB, LB, IRIW with n threads, all forbidden'); log('');
log('Script lines and MB as each checkout\'s own encoder writes them; 80 threads in the new checkout only.'); log('');
log(`| test | ${cols.map((c) => `${c}: script lines / MB`).join(' | ')} | ${cols.map((c) => `${c} (s)`).join(' | ')} |`);
log(`|---|${cols.map(() => '---').join('|')}|${cols.map(() => '---').join('|')}|`);
// Each checkout's own unroller and encoder (the baseline's dist modules, loaded here).
interface Encoder { encode: typeof encode; unroll: typeof unroll; limitsFrom: typeof limitsFrom }
const encoders = await Promise.all(roots.map(async ([col, r]): Promise<Encoder> => {
  if (col === 'now') return { encode, unroll, limitsFrom };
  const load = async (m: string): Promise<Record<string, unknown>> => (await import(join(r, 'dist', 'solver', m))) as Record<string, unknown>;
  const [e, u, l] = await Promise.all([load('encode.js'), load('unroll.js'), load('limits.js')]);
  return { encode: e['encode'] as typeof encode, unroll: u['unroll'] as typeof unroll, limitsFrom: l['limitsFrom'] as typeof limitsFrom };
}));
for (const kind of ['MP', 'SB', 'LB', 'IRIW'] as Family[]) {
  for (const n of [10, 20, 40, 80]) {
    const f = write(kind, n);
    const csv = join(dir, `${kind}-${n}.csv`);
    writeFileSync(csv, `${f},0\n`);
    const t = parseLitmus(readFileSync(f, 'utf8'));
    const run = (i: number): boolean => i === 0 || n <= 40;
    const sizes = encoders.map((enc, i) => {
      if (!run(i)) return 'not run';
      const e = enc.encode(t, enc.unroll(t, DEFAULT_LOOP_BOUND, enc.limitsFrom({ timeoutMs: 120_000 })), ptx75, 120_000, true);
      return `${e.stats.lines.toLocaleString('en')} / ${(e.script.length / 1e6).toFixed(2)}`;
    });
    const cells = roots.map(([, r], i) => {
      if (!run(i)) return 'not run';
      const p = ptxmm(r, ['conform', '--expect', csv, '--root', '/'], 300);
      return p.code === 0 ? fmt(p.seconds) : `fails (${fmt(p.seconds)} s)`;
    });
    log(`| ${kind}-${n} | ${sizes.join(' | ')} | ${cells.join(' | ')} |`);
  }
}
log('');
const text = md.join('\n') + '\n';
writeFileSync(join(ROOT, 'bench', 'PERF.md'), text);
process.stdout.write(text);

// `ptxmm kernel` speed and memory: every example at its spec's launch (all properties in one
// process), then how the cost grows with threads (2, 4, 8, 16) for the kernels whose assertion
// can be written for any grid, each property in a process of its own so that one slow property
// hides no other. Z3's start is included and peak memory is each process's own; a process is
// stopped after a minute. Writes bench/KERNELS.md and prints it.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ptx75 } from '../model/ptx.js';
import { openZ3 } from '../solver/z3.js';
import { readAssertion } from '../kernel/assert.js';
import { dimText, instantiate } from '../kernel/instantiate.js';
import { readModule } from '../kernel/module.js';
import { parseDim, parseParam, readSpec } from '../kernel/spec.js';
import { verifyKernel } from '../kernel/verify.js';
import { ROOT } from '../tests/paths.js';

const DIR = join(ROOT, 'examples', 'kernels');
const BIG = join(ROOT, 'bench', 'kernels');
const LIMIT_S = 60;

type Property = 'assert' | 'races' | 'liveness' | 'barriers';
const PROPERTIES: Property[] = ['assert', 'races', 'liveness', 'barriers'];
interface Run { example: string; grid: string; block: string; params: string[]; assertion: string | null; bound?: number; only?: Property; dir?: string }
interface Measured { threads: number; seconds: number; props: Record<string, { verdict: string; seconds: number }>; rssMiB: number }

/** One run in this process: a JSON line on stdout. */
async function one(r: Run): Promise<void> {
  const t0 = performance.now();
  const spec = readSpec(join(r.dir ?? DIR, `${r.example}.kernel.json`));
  const launch = { ...spec.launch, grid: parseDim(r.grid, 'grid'), block: parseDim(r.block, 'block') };
  if (r.params.length) launch.params = r.params.map(parseParam);
  const inst = instantiate(readModule(readFileSync(spec.ptx, 'utf8'), spec.ptx), launch);
  const texts = r.assertion !== null ? [r.assertion] : spec.asserts.map((a) => a.text);
  const asserts = texts.map((t) => readAssertion(t, r.example, inst.test));
  const z3 = await openZ3();
  try {
    const on = (p: Property): boolean => r.only === undefined || r.only === p;
    const res = await verifyKernel(z3, inst, {
      model: ptx75, bound: r.bound ?? 2, timeoutMs: LIMIT_S * 1000, asserts: on('assert') ? asserts : [], races: on('races'), liveness: on('liveness'), barriers: on('barriers'),
    });
    const props: Measured['props'] = {};
    for (const k of PROPERTIES) {
      const p = res[k];
      if (p) props[k] = { verdict: p.verdict, seconds: p.seconds };
    }
    const m: Measured = { threads: inst.test.threads.length, seconds: (performance.now() - t0) / 1000, props, rssMiB: process.resourceUsage().maxRSS / 1024 };
    process.stdout.write(JSON.stringify(m) + '\n');
  } finally {
    await z3.close();
  }
}

/** The scaling series: an assertion that holds for each size, written for that size. */
function series(): { name: string; runs: Run[] }[] {
  const sizes = [2, 4, 8, 16];
  const sum = (n: number): number => (n * (n + 1)) / 2;
  return [
    { name: 'cas_lock (grid N, block 1)', runs: sizes.map((n) => ({ example: 'cas_lock', grid: `${n}`, block: '1', params: [], assertion: `counter == ${n} /\\ lock == 0` })) },
    { name: 'ticket_lock (grid N, block 1)', runs: sizes.map((n) => ({ example: 'ticket_lock', grid: `${n}`, block: '1', params: [], assertion: `counter == ${n} /\\ now_serving == ${n}` })) },
    // Its summing loop runs N times: the bound must allow N - 1 back jumps.
    { name: 'last_block (grid N, block 1, bound N)', runs: sizes.map((n) => ({ example: 'last_block', grid: `${n}`, block: '1', params: [`partial:s32[${n}]`, 'out:s32[1]'], assertion: `out[0] == ${sum(n)} /\\ count == ${n}`, bound: n })) },
    { name: 'mp_blocks (grid 2, block N/2)', runs: sizes.map((n) => ({ example: 'mp_blocks', grid: '2', block: `${n / 2}`, params: [`data:s32[${n}]`, `out:s32[${n}]`], assertion: null })) },
    // Every thread's atomicAdd goes through an address read from memory (bins[in[i]]).
    {
      name: 'histogram (block 4 or N, grid N/4)',
      runs: sizes.map((n) => {
        const ins = Array.from({ length: n }, (_, i) => ((i * 7) % n) % 4);
        const want = [0, 1, 2, 3].map((b) => `bins[${b}] == ${ins.filter((x) => x === b).length}`).join(' /\\ ');
        return { example: 'histogram', grid: `${Math.max(1, n / 4)}`, block: `${Math.min(n, 4)}`, params: [`in:u32[${n}]=${ins.join(',')}`, 'bins:u32[4]'], assertion: want };
      }),
    },
    // A warp's butterfly sum over blockDim.x lanes: log2(N) rounds, so bound log2(N) (at least 2).
    {
      name: 'shfl_allreduce (grid 1, block N, bound log2 N)',
      runs: [...sizes, 32].map((n) => {
        const ins = Array.from({ length: n }, (_, i) => (i * 5) % 9);
        const total = ins.reduce((a, b) => a + b, 0);
        const want = ins.map((_, i) => `out[${i}] == ${total}`).join(' /\\ ');
        return { example: 'shfl_allreduce', grid: '1', block: `${n}`, params: [`out:s32[${n}]`, `in:s32[${n}]=${ins.join(',')}`], assertion: want, bound: Math.max(2, Math.log2(n)) };
      }),
    },
    {
      name: 'xf_barrier (grid 2, block N/2)',
      runs: sizes.filter((n) => n >= 4).map((n) => {
        const b = n / 2;
        const want = Array.from({ length: n }, (_, k) => `out[${k}] == ${(1 - Math.floor(k / b)) * b + (k % b) + 1}`).join(' /\\ ');
        return { example: 'xf_barrier', grid: '2', block: `${b}`, params: [`data:s32[${n}]`, `out:s32[${n}]`], assertion: want };
      }),
    },
  ];
}

function measure(r: Run): Measured | 'timeout' | string {
  const self = fileURLToPath(import.meta.url);
  const p = spawnSync(process.execPath, [self, '--one', JSON.stringify(r)], { encoding: 'utf8', timeout: LIMIT_S * 1000 });
  if (p.error || p.status === null) return 'timeout';
  if (p.status !== 0) return `failed: ${p.stderr.trim().split('\n')[0]}`;
  return JSON.parse(p.stdout.trim().split('\n').pop()!) as Measured;
}

const cell = (m: Measured, k: string): string => (m.props[k] ? `${m.props[k]!.verdict} ${m.props[k]!.seconds.toFixed(2)}` : '-');

if (process.argv[2] === '--one') {
  await one(JSON.parse(process.argv[3]!) as Run);
} else {
  const lines = [
    '# `ptxmm kernel`: examples and scaling',
    '',
    `Each run is its own process (Z3's start included); ptx75, loop bound 2 unless a table says otherwise; stopped after ${LIMIT_S} s.`,
    'A property cell is its verdict (holds or fails) and its seconds. Regenerate with `npm run bench`.',
    '',
    '## The examples at their spec\'s launch',
    '',
    '| example | grid | block | bound | threads | seconds | assert | races | liveness | barriers | peak MiB |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  /** A row per spec of `dir`, at its launch and loop bound, as `ptxmm kernel SPEC` runs it. */
  const specRows = (dir: string): void => {
    for (const ex of readdirSync(dir).filter((f) => f.endsWith('.kernel.json')).map((f) => f.replace('.kernel.json', '')).sort()) {
      const spec = readSpec(join(dir, `${ex}.kernel.json`));
      const bound = spec.bound ?? 2;
      const m = measure({ example: ex, grid: dimText(spec.launch.grid), block: dimText(spec.launch.block), params: [], assertion: null, bound, dir });
      if (typeof m === 'string') lines.push(`| ${ex} | ${dimText(spec.launch.grid)} | ${dimText(spec.launch.block)} | ${bound} | | ${m} | | | | | |`);
      else lines.push(`| ${ex} | ${dimText(spec.launch.grid)} | ${dimText(spec.launch.block)} | ${bound} | ${m.threads} | ${m.seconds.toFixed(2)} | ${cell(m, 'assert')} | ${cell(m, 'races')} | ${cell(m, 'liveness')} | ${cell(m, 'barriers')} | ${m.rssMiB.toFixed(0)} |`);
      process.stderr.write(`${lines[lines.length - 1]}\n`);
    }
  };
  specRows(DIR);
  lines.push(
    '', '## Larger kernels (bench/kernels/)', '',
    'Kernels kept for their size, not as examples: `pipeline33` is a producer/consumer pipeline over named barriers, two',
    'warps of which one has a single lane (33 threads), whose liveness encoding is some 386k formula nodes (14 MB of SMT-LIB);',
    '`sync_count` is every thread of a 64-thread block at `__syncthreads()` then `__syncthreads_count()`, for the barriers\' encoding',
    '(before each count-less barrier waited for a count of its members, Z3 did not decide it within a minute).',
    '', '| kernel | grid | block | bound | threads | seconds | assert | races | liveness | barriers | peak MiB |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  specRows(BIG);
  lines.push(
    '', '## How the cost grows with threads', '',
    'Each property in its own process (seconds include Z3\'s start and the instantiation); `> 60`: stopped after a minute, and larger sizes not tried.',
    '', '| kernel | threads | bound | assert | races | liveness | barriers | peak MiB |', '|---|---|---|---|---|---|---|---|',
  );
  for (const s of series()) {
    const given = new Set<Property>(PROPERTIES);
    for (const r of s.runs) {
      const n = Number(r.grid) * Number(r.block);
      const cells: string[] = [];
      let rss = 0;
      for (const p of PROPERTIES) {
        if (!given.has(p)) { cells.push(''); continue; }
        const m = measure({ ...r, only: p });
        if (typeof m === 'string') { cells.push(m === 'timeout' ? `> ${LIMIT_S}` : m); given.delete(p); continue; }
        cells.push(`${m.props[p]!.verdict} ${m.seconds.toFixed(2)}`);
        rss = Math.max(rss, m.rssMiB);
      }
      lines.push(`| ${s.name} | ${n} | ${r.bound ?? 2} | ${cells.join(' | ')} | ${rss ? rss.toFixed(0) : ''} |`);
      process.stderr.write(`${lines[lines.length - 1]}\n`);
      if (given.size === 0) break;
    }
  }
  lines.push(
    '', 'An `unknown` is no answer, with its reason in `ptxmm kernel`\'s output: at cas_lock\'s 16 threads the encoding passes',
    'the size limit (3,000,000 terms); ticket_lock\'s liveness at 4 threads is unknown at bound 2 because some execution goes',
    'round its spin loop more often while changing something (a larger `--bound` decides it).',
  );
  const text = lines.join('\n') + '\n';
  writeFileSync(join(ROOT, 'bench', 'KERNELS.md'), text);
  process.stdout.write(text);
}

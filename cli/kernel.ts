// `ptxmm kernel`: a PTX module as nvcc writes it, launched over a small grid, checked under the
// model: its assertions on every final state, its own asserts and traps, data races, liveness. Each property holds "for
// grid G, block B, loop bound K", or comes with the execution that breaks it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BOUND_OPTION, CAT_MODEL_OPTION, type Command, DEFAULT_TIMEOUT_S, EXIT, JSON_OPTION, TIMEOUT_OPTION, UsageError, askableRaces, count, makeDir, modelOf, seconds,
} from './command.js';
import { jsonLine } from './json.js';
import { inputError } from './batch.js';
import { DEFAULT_LOOP_BOUND, type Expr } from '../litmus/ast.js';
import { LitmusError } from '../litmus/errors.js';
import { readText } from '../litmus/files.js';
import type { Model } from '../model/relalg.js';
import { explanationGraph, outcomeText, stateText, unspecifiedNotes } from '../present/explain.js';
import { floatLocations } from '../present/values.js';
import { type ExecGraph, graphRecord } from '../present/graph.js';
import { graphText } from '../present/text.js';
import { toDot } from '../present/dot.js';
import { renderSvg } from '../present/svg.js';
import { raceGraph, racePairLine } from '../present/races.js';
import { hangGraph, prefixGraph, stoppedLine, stuckLine } from '../present/liveness.js';
import { refusal } from '../solver/unroll.js';
import type { DivergentBarrier } from '../solver/divergence.js';
import { openZ3 } from '../solver/z3.js';
import { readModule } from '../kernel/module.js';
import { type Target, targetNotes } from '../kernel/target.js';
import { type AbortSite, type Dim3, type Instance, dimText, instantiate } from '../kernel/instantiate.js';
import { type KernelSpec, parseDim, parseDynamicShared, parseGlobal, parseParam, readSpec } from '../kernel/spec.js';
import { readAssertion } from '../kernel/assert.js';
import { type KernelResult, type Verdict, verifyKernel } from '../kernel/verify.js';

export const kernelCommand: Command = {
  name: 'kernel',
  summary: 'check a PTX kernel (nvcc -ptx) over a small grid: assertions, device asserts and traps, data races, liveness, barrier divergence',
  args: 'FILE.ptx|FILE.kernel.json|-',
  options: [
    { name: 'entry', arg: 'NAME', help: 'the kernel (.entry) to launch; needed when the module has several' },
    { name: 'grid', arg: 'X[xY[xZ]]', help: 'CTAs in the grid', dflt: '1' },
    { name: 'block', arg: 'X[xY[xZ]]', help: 'threads in each CTA', dflt: '1' },
    { name: 'param', arg: 'V|NAME:TYPE[N][+K][=V,...]|NAME[+K]', help: "the kernel's parameters in order: a number (a float's: 2.5, 1e-3 or 0f40200000), a buffer a pointer points to (+K: to its element K), or a pointer to element K of the buffer another parameter gives", repeat: true },
    { name: 'global', arg: 'NAME=V[,V...]', help: "a module variable's initial value(s) (default: the module's, else 0)", repeat: true },
    { name: 'signed', arg: 'NAME', help: "read a module variable's values as signed in assertions and final states (nvcc declares C's signed char, short, int and long long unsigned: -7 reads as 4294967289); adds to a spec's \"signed\"", repeat: true },
    { name: 'cluster', arg: 'X[xY[xZ]]', help: 'CTAs per cluster (cudaLaunchKernelEx; default: the kernel\'s __cluster_dims__, else none): CTAs of one cluster share .cluster scope' },
    { name: 'dynamic-shared', arg: 'BYTES', help: "dynamic shared memory per CTA (<<<grid, block, BYTES>>>): the size of the module's extern __shared__ array" },
    { name: 'assert', arg: 'EXPR', help: 'a condition every final state must satisfy (litmus syntax: counter == 2, out[1] == 2, /\\, \\/, ~)', repeat: true },
    { name: 'races', help: 'look for data races (ISA §8.6.1)' },
    { name: 'liveness', help: 'look for a thread that can wait forever (a spin loop, a barrier some thread never reaches)' },
    { name: 'barriers', help: 'look for barrier divergence: a __syncthreads() (bar.sync) that the threads of a CTA do not all execute' },
    CAT_MODEL_OPTION, BOUND_OPTION,
    { ...TIMEOUT_OPTION, help: 'seconds the kernel may take, every property together, encoding included; past it what is not yet answered is Unknown' },
    { name: 'svg', arg: 'DIR', help: 'draw each counterexample execution as DIR/KERNEL-PROPERTY.svg' },
    { ...JSON_OPTION, help: 'one JSON object, a kernel record: the launch and each property asked, with its verdict and any counterexample (docs/JSON.md)' },
  ],
  details: [
    'A spec file (FILE.kernel.json, next to its FILE.ptx) gives the launch and the properties; options given too replace its values.',
    'Each CUDA thread is a litmus thread P0, P1, ... numbered block by block; the memory a kernel names (module variables, the',
    'buffers given with --param, each CTA\'s .shared variables) is laid out at byte addresses, one location per element.',
    'exit status: 0 every property holds, 1 a counterexample (or no answer: Unknown), 2 bad input or a usage error',
  ],
  async run(a) {
    const target = a.rest[0];
    if (!target || a.rest.length > 1) throw new UsageError('give one module (FILE.ptx) or spec (FILE.kernel.json)');
    const model = modelOf(a.get('model'));
    const timeoutS = seconds(a.get('timeout'), DEFAULT_TIMEOUT_S, 'timeout');
    const json = a.has('json');
    // Made first: a directory that cannot be made is a usage error before any time is spent.
    const svgDir = a.get('svg');
    if (svgDir) makeDir(svgDir);
    const cli = <T>(f: () => T): T => { try { return f(); } catch (e) { throw new UsageError((e as Error).message); } };
    let spec: KernelSpec;
    let inst: Instance;
    let gpu: Target;
    let asserts: Expr[];
    try {
      spec = target.endsWith('.json') ? readSpec(target) : { ptx: target, launch: { grid: { x: 1, y: 1, z: 1 }, block: { x: 1, y: 1, z: 1 }, params: [] }, asserts: [], races: false, liveness: false, barriers: false };
      if (a.has('entry')) spec.launch.entry = a.get('entry')!;
      if (a.has('grid')) spec.launch.grid = cli(() => parseDim(a.get('grid')!, '--grid'));
      if (a.has('block')) spec.launch.block = cli(() => parseDim(a.get('block')!, '--block'));
      if (a.has('param')) spec.launch.params = a.all('param').map((p) => cli(() => parseParam(p)));
      if (a.has('signed')) spec.launch.signed = [...(spec.launch.signed ?? []), ...a.all('signed')];
      if (a.has('global')) spec.launch.globals = { ...spec.launch.globals, ...Object.fromEntries(a.all('global').map((g) => cli(() => parseGlobal(g)))) };
      if (a.has('cluster')) spec.launch.cluster = cli(() => parseDim(a.get('cluster')!, '--cluster'));
      if (a.has('dynamic-shared')) spec.launch.dynamicShared = cli(() => parseDynamicShared(a.get('dynamic-shared')!, '--dynamic-shared'));
      if (a.has('assert')) spec.asserts = a.all('assert').map((text, k) => ({ text, where: `--assert ${k + 1}` }));
      if (a.has('races')) spec.races = true;
      if (a.has('liveness')) spec.liveness = true;
      if (a.has('barriers')) spec.barriers = true;
      const mod = readModule(readText(spec.ptx), spec.ptx);
      inst = instantiate(mod, spec.launch);
      gpu = mod.target!;
      asserts = spec.asserts.map((x) => readAssertion(x.text, x.where, inst.test, inst.unmodelled));
    } catch (e) {
      if (!(e instanceof LitmusError)) throw e;
      inputError('kernel', e, json);
      return EXIT.usage;
    }
    const bound = count(a.get('bound'), spec.bound ?? DEFAULT_LOOP_BOUND, 'bound');
    if (!asserts.length && !spec.races && !spec.liveness && !spec.barriers && !inst.aborts.length) throw new UsageError('nothing to check: give --assert, --races, --liveness or --barriers (or a spec that does)');
    if (spec.races) askableRaces(model);
    const z3 = await openZ3();
    let r: KernelResult;
    try {
      r = await verifyKernel(z3, inst, { model, bound, timeoutMs: timeoutS * 1000, asserts, races: spec.races, liveness: spec.liveness, barriers: spec.barriers });
    } catch (e) {
      const r = refusal(e, spec.ptx);
      if (!r) throw e;
      inputError('kernel', r, json);
      return EXIT.usage;
    } finally {
      await z3.close();
    }
    const where = `grid ${dimText(spec.launch.grid)}${inst.cluster ? ` (clusters of ${dimText(inst.cluster)})` : ''}, block ${dimText(spec.launch.block)}, loop bound ${bound}`;
    const findings = properties(model, r, asserts, bound, inst);
    for (const f of findings) {
      if (svgDir && f.graph) writeFileSync(join(svgDir, `${inst.entry.name}-${f.property}.svg`), await renderSvg(toDot(f.graph, `${inst.entry.name}: ${f.title}`)));
    }
    if (json) {
      process.stdout.write(jsonLine('kernel', {
        file: spec.ptx, entry: inst.entry.name, target: gpu.name, notes: targetNotes(gpu), grid: spec.launch.grid, cluster: inst.cluster, block: spec.launch.block, threads: inst.test.threads.length, model: model.name, bound,
        threadsAt: inst.coords.map((c, k) => ({ thread: `P${k}`, block: c.block, threadIdx: c.thread })),
        properties: findings.map((f) => ({
          property: f.property, verdict: f.verdict, reason: f.reason, detail: f.lines, state: f.state, execution: f.graph ? graphRecord(f.graph) : null,
          boundReached: f.boundReached ?? null, seconds: f.seconds,
        })),
      }));
    } else {
      const out = [`Kernel ${inst.entry.name} (${spec.ptx}), ${model.name}: ${where}, ${inst.test.threads.length} thread${inst.test.threads.length === 1 ? '' : 's'}`];
      // Coordinates with as many components as the launch has dimensions.
      const at = (d: Dim3, of: Dim3): string => [d.x, d.y, d.z].slice(0, of.z > 1 ? 3 : of.y > 1 ? 2 : 1).join(',');
      out.push(`  ${inst.coords.map((c, k) => `P${k} = block ${at(c.block, spec.launch.grid)} thread ${at(c.thread, spec.launch.block)}`).join('; ')}`);
      out.push(...targetNotes(gpu).map((n) => `note: ${n}`));
      for (const f of findings) {
        const head = f.verdict === 'holds' ? `holds for ${where}` : f.verdict === 'fails' ? `FAILS: ${f.title}` : `unknown: ${f.reason ?? 'no answer'}`;
        out.push('', `${f.label}: ${head} (${f.seconds.toFixed(2)} s)`);
        out.push(...f.lines.map((l) => `  ${l}`));
        if (f.graph) out.push('', ...graphText(f.graph).map((l) => (l ? `    ${l}` : l)));
      }
      process.stdout.write(out.join('\n') + '\n');
    }
    return findings.every((f) => f.verdict === 'holds') ? EXIT.ok : EXIT.failed;
  },
};

/** Some threads execute the barrier instruction more often than others (else they meet it in turn with another). */
const countsDiffer = (x: DivergentBarrier): boolean => new Set(x.times.map(([, n]) => n)).size > 1;

/**
 * How the threads met the barrier: how often each executed the instruction, or, where that is
 * the same for all, the lines of each thread's arrivals in order (two instructions met in turn).
 */
function divergenceText(x: DivergentBarrier): string {
  if (countsDiffer(x)) return x.times.map(([t, n]) => `P${t} ${n}×`).join(', ');
  return `arrivals at the barrier, by line: ${x.order.map(([t, lines]) => `P${t} ${lines.map((l) => l ?? '?').join(', ')}`).join('; ')}`;
}

/** `assert(x == 1) (k.cu:12, in void k(int *)) at line 73:2` or `trap at line 33:2`: the PTX position last. */
export function abortSiteText(x: AbortSite): string {
  const at = `line ${x.pos.line}:${x.pos.col}`;
  if (x.kind === 'trap') return `trap at ${at}`;
  const a = x.assertion;
  const src = a?.file ? `${a.file}${a.line !== null ? `:${a.line}` : ''}` : a?.line !== null && a?.line !== undefined ? `line ${a.line}` : null;
  const where = [src, a?.func ? `in ${a.func}` : null].filter((w) => w !== null).join(', ');
  return `assert(${a?.expr ?? '...'})${where ? ` (${where})` : ''} at ${at}`;
}

interface Finding {
  property: 'assert' | 'abort' | 'races' | 'liveness' | 'barriers';
  label: string;
  verdict: Verdict;
  reason: string | null;
  /** What breaks it, in a line. */
  title: string;
  lines: string[];
  state: Record<string, bigint> | null;
  graph: ExecGraph | null;
  seconds: number;
  /** KernelResult's Answer.boundReached. */
  boundReached?: boolean | null;
}

/** Each property's answer, and for a failed one its execution, in the terms `show` uses. */
function properties(model: Model, r: KernelResult, asserts: Expr[], bound: number, inst: Instance): Finding[] {
  const out: Finding[] = [];
  const none = { title: '', lines: [] as string[], state: null, graph: null };
  const floats = floatLocations(inst.test);
  if (r.assert) {
    const ex = r.assert.explanation;
    const fails = r.assert.verdict === 'fails' && ex !== null;
    out.push({
      // Joined as checked: each assertion whole (a disjunction in parentheses, as /\\ binds tighter).
      property: 'assert', label: `Assert ${asserts.map((e) => (asserts.length > 1 && e.kind === 'or' ? `(${outcomeText(e)})` : outcomeText(e))).join(' /\\ ')}`, verdict: r.assert.verdict, reason: r.assert.reason, seconds: r.assert.seconds,
      ...(fails ? {
        title: `a consistent execution ends in ${stateText(ex.state, floats)}`, lines: [`final state: ${stateText(ex.state, floats)}`, ...unspecifiedNotes(ex)],
        state: Object.fromEntries(ex.state), graph: explanationGraph(ex, []),
      } : none),
    });
  }
  if (r.abort) {
    const ex = r.abort.explanation;
    const kinds = new Set(inst.aborts.map((x) => x.kind));
    // One line per thread stopped (the head line places each thread in the grid).
    const fired = r.abort.aborts.map((a) => `P${a.thread} ${a.site.kind === 'trap' ? 'reaches' : 'fails'} ${abortSiteText(a.site)}`);
    out.push({
      property: 'abort', label: kinds.size === 2 ? 'Device asserts and traps' : kinds.has('trap') ? 'Traps' : 'Device asserts', verdict: r.abort.verdict, reason: r.abort.reason, seconds: r.abort.seconds,
      ...(r.abort.verdict === 'fails' && r.abort.prefix?.witness ? {
        // Found in a prefix: the launch ends at the abort, before the others finish.
        title: fired.join('; '),
        lines: [...fired, ...r.abort.prefix.witness.unspecified,
          `in this consistent execution, which the abort ends while ${r.abort.prefix.stopped.map(stoppedLine).join(' and ') || 'other threads have not finished'}:`],
        state: null, graph: prefixGraph(model, r.abort.prefix.witness.execution),
      } : r.abort.verdict === 'fails' && ex !== null ? {
        title: fired.join('; '),
        lines: [...fired, ...unspecifiedNotes(ex), 'in this consistent execution:'],
        state: null, graph: explanationGraph(ex, []),
      } : { ...none, lines: inst.aborts.map((x) => `checked: ${abortSiteText(x)}`) }),
    });
  }
  if (r.races) {
    const racy = r.races.result?.racy ?? [];
    const p = racy[0];
    out.push({
      property: 'races', label: 'Data races', verdict: r.races.verdict, reason: r.races.reason, seconds: r.races.seconds,
      ...(p ? {
        // Pairs of instructions: threads that share the code race alike, and each pair is shown
        // with one pair of threads (a count of thread pairs would grow with the grid).
        title: `${racy.length} racy pair${racy.length === 1 ? '' : 's'} of instructions, each shown with one pair of threads`, lines: [...racy.map((x) => `race ${racePairLine(x)}`), `the first pair races in this execution${p.stuck.length ? `, after which ${p.stuck.map(stuckLine).join(' and ')}, so that it never finishes` : ''}:`],
        state: null, graph: raceGraph(model, p),
      } : none),
    });
  }
  if (r.liveness) {
    const lr = r.liveness.result;
    out.push({
      property: 'liveness', label: 'Liveness', verdict: r.liveness.verdict, reason: r.liveness.reason, seconds: r.liveness.seconds,
      ...(lr && lr.verdict === 'hang' ? {
        title: lr.stuck.map(stuckLine).join('; '), lines: ['after this consistent execution (every other thread has exited or waits forever too):'],
        state: null, graph: hangGraph(model, lr),
      } : none),
    });
  }
  if (r.barriers) {
    const ds = r.barriers.result?.divergent ?? [];
    const d = ds[0];
    const where = (x: DivergentBarrier): string => `${x.instr}${x.line === null ? '' : ` (line ${x.line})`}`;
    out.push({
      property: 'barriers', label: 'Barrier divergence', verdict: r.barriers.verdict, reason: r.barriers.reason, seconds: r.barriers.seconds,
      ...(d ? {
        title: countsDiffer(d)
          ? `${where(d)} is executed by some threads of a CTA and not by others`
          : `${where(d)} is met in turn with another barrier instruction: at one generation of the barrier, threads of a CTA are at different instructions`,
        lines: [...ds.map((x) => `${where(x)}, CTA ${x.cta.split('/')[1]}: ${divergenceText(x)}`), 'in this consistent execution:'],
        state: null, graph: prefixGraph(model, d.witness.execution),
      } : none),
    });
  }
  // A property that holds for the executions within the bound says when others went past it.
  for (const f of out) {
    f.boundReached = r[f.property]!.boundReached;
    if (f.verdict === 'holds' && f.boundReached) f.lines = [...f.lines, `note: the loop bound (${bound}) was reached: executions that need more iterations are not checked (a larger --bound checks them), nor those that never finish (a thread that hangs: --liveness says)`];
  }
  return out;
}

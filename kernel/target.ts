// What a module's `.version` and `.target` allow. ptxas refuses a module whose PTX version does
// not support its target, and an instruction that needs a newer version or GPU than the module
// says (`Feature '.acquire' requires .target sm_70 or higher`). ptxmm refuses the same, so that a
// module no GPU would run is never answered; each figure below is what ptxas (CUDA 13.0) said of
// a kernel made to find it, checked at both sides of the bound.
import type { Pos } from '../litmus/ast.js';
import { LitmusError } from '../litmus/errors.js';

/** A PTX ISA version as a number: 9.0 is 90, 7.8 is 78 (minor versions are single digits). */
export type IsaVersion = number;

const versionText = (v: IsaVersion): string => `${Math.floor(v / 10)}.${v % 10}`;

/** The PTX ISA versions there are, up to the newest whose text ptxmm follows (9.1, CUDA 13.1). */
const VERSIONS: readonly IsaVersion[] = [10, 11, 12, 13, 14, 15, 20, 21, 22, 23, 30, 31, 32, 40, 41, 42, 43, 50, 51,
  60, 61, 62, 63, 64, 65, 70, 71, 72, 73, 74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90, 91];
const NEWEST = VERSIONS[VERSIONS.length - 1]!;

/** Each GPU a `.target` may name (sm_NN, its `a`/`f` variants, compute_NN), and the first PTX version that supports it. */
const TARGETS: Readonly<Record<string, IsaVersion>> = {
  sm_10: 10, sm_11: 10, sm_12: 12, sm_13: 12, sm_20: 20, sm_21: 20, sm_30: 30, sm_32: 40, sm_35: 31, sm_37: 41,
  sm_50: 40, sm_52: 41, sm_53: 42, sm_60: 50, sm_61: 50, sm_62: 50, sm_70: 60, sm_72: 61, sm_75: 63, sm_80: 70,
  sm_86: 71, sm_87: 74, sm_88: 73, sm_89: 78, sm_90: 78, sm_90a: 80, sm_100: 86, sm_100a: 86, sm_100f: 88,
  sm_101: 86, sm_101a: 86, sm_101f: 88, sm_103: 88, sm_103a: 88, sm_103f: 88, sm_110: 90, sm_110a: 90, sm_110f: 90,
  sm_120: 87, sm_120a: 87, sm_120f: 88, sm_121: 88, sm_121a: 88, sm_121f: 88,
};
/** `.target sm_90, texmode_independent`: the options a target may carry (`debug` needs -G's debug sections, `map_f64_to_f32` only sm_1x). */
const TARGET_OPTIONS = new Set(['texmode_unified', 'texmode_independent', 'debug']);

/** The module's GPU: its number (sm_90 and compute_90a: 90) and name as written. */
export interface Target {
  name: string;
  sm: number;
}

/** `.version 9.0`: MAJOR.MINOR, a version there is, not newer than ptxmm knows. */
export function readVersion(text: string, pos: Pos, file: string): IsaVersion {
  const m = /^(\d+)\.(\d+)$/.exec(text);
  if (!m) throw new LitmusError(`a PTX version is MAJOR.MINOR (as nvcc writes: .version 9.0), found '${text}'`, pos, file);
  const major = Number(m[1]);
  const minor = Number(m[2]);
  const newest = Math.floor(NEWEST / 10);
  if (major > newest || (major === newest && minor > NEWEST % 10)) {
    throw new LitmusError(`PTX ISA ${text} is newer than ptxmm knows (${versionText(NEWEST)} at most): what its memory model says may differ`, pos, file);
  }
  const v = major * 10 + minor;
  if (minor > 9 || !VERSIONS.includes(v)) throw new LitmusError(`there is no PTX ISA version ${text}`, pos, file);
  return v;
}

/** `.target sm_90` (and options): a GPU there is, which the module's PTX version supports. */
export function readTarget(first: { v: string; pos: Pos }, options: readonly { v: string; pos: Pos }[], version: IsaVersion, file: string): Target {
  const m = /^(?:sm|compute)_(\d+)([af]?)$/.exec(first.v);
  const since = m ? TARGETS[`sm_${m[1]}${m[2]}`] : undefined;
  if (!m || since === undefined) throw new LitmusError(`unknown target '${first.v}': a GPU architecture, as sm_90 (nvcc -arch)`, first.pos, file);
  if (version < since) throw new LitmusError(`PTX ISA ${versionText(version)} does not support .target ${first.v} (it needs .version ${versionText(since)} or later)`, first.pos, file);
  for (const o of options) if (!TARGET_OPTIONS.has(o.v)) throw new LitmusError(`unknown .target option '${o.v}' (texmode_unified, texmode_independent or debug)`, o.pos, file);
  return { name: first.v, sm: Number(m[1]) };
}

/** What an instruction's qualifiers need: the oldest GPU and PTX version with all of them. */
interface Need {
  what: string;
  sm: number;
  version: IsaVersion;
}

const MEMORY = new Set(['ld', 'st', 'atom', 'red']);
const ORDERS = new Set(['weak', 'relaxed', 'acquire', 'release', 'acq_rel', 'sc']);

/** Each qualifier of an opcode (`ld.global.acquire.gpu.u32`) that needs more than the oldest GPUs, with what it needs. */
function needs(opcode: string): Need[] {
  const [op = '', ...qs] = opcode.split('.');
  const has = (q: string): boolean => qs.includes(q);
  const out: Need[] = [];
  const need = (what: string, sm: number, version: IsaVersion): void => { out.push({ what, sm, version }); };
  if (MEMORY.has(op)) {
    for (const q of qs) if (ORDERS.has(q)) need(`the memory order .${q}`, 70, 60);
    // A scope alone (atom.gpu.add): relaxed at that scope, a GPU before sm_70's memory model.
    if (qs.some((q) => q === 'cta' || q === 'gpu' || q === 'sys') && !qs.some((q) => ORDERS.has(q))) need('a scope on an atomic', 60, 50);
    if (has('mmio')) need('.mmio', 70, 82);
    if (has('nc')) need('.nc', 32, 31);
    for (const q of qs) {
      if (q.startsWith('L1::')) need(`.${q}`, 70, 74);
      if (q === 'L2::64B' || q === 'L2::128B') need(`.${q}`, 75, 74);
      if (q === 'L2::256B') need(`.${q}`, 80, 74);
    }
  }
  if (op === 'fence') {
    if (has('sc') || has('acq_rel')) need(`fence.${has('sc') ? 'sc' : 'acq_rel'}`, 70, 60);
    if (has('proxy') && has('alias')) need('fence.proxy.alias', 70, 75);
  }
  if (has('cluster')) need('the .cluster scope', 90, 78);
  for (const q of qs) {
    if (q.endsWith('::cluster')) need(`.${q}`, 90, 78);
    else if (q.endsWith('::cta')) need(`.${q}`, 0, 78);
  }
  if (op === 'barrier' || (op === 'bar' && has('warp'))) need(op === 'bar' ? 'bar.warp.sync' : `barrier.${qs[0] ?? 'sync'}`, 0, 60);
  if ((op === 'shfl' || op === 'vote') && has('sync')) need(`${op}.sync`, 0, 60);
  if (op === 'match') need('match.sync', 70, 60);
  if (op === 'redux') need('redux.sync', 80, 70);
  if (op === 'nanosleep') need('nanosleep', 70, 62);
  if (op === 'shf') need('shf', 32, 31);
  // min and max that return a NaN operand (ISA min, max: PTX 7.0, sm_80).
  if ((op === 'min' || op === 'max') && has('NaN')) need(`${op}.NaN`, 70, 80);
  return out;
}

/** Refuses an instruction that needs a newer GPU or PTX version than the module's, as ptxas does. */
export function checkFeatures(opcode: string, version: IsaVersion, target: Target, pos: Pos, file: string): void {
  for (const n of needs(opcode)) {
    if (target.sm < n.sm) throw new LitmusError(`${n.what} needs .target sm_${n.sm} or higher; the module's is ${target.name}`, pos, file);
    if (version < n.version) throw new LitmusError(`${n.what} needs PTX ISA ${versionText(n.version)} or later; the module's .version is ${versionText(version)}`, pos, file);
  }
}

/**
 * What an answer means for the module's GPU (printed with it): ISA §8.1, "The constraints
 * specified under this model apply to PTX programs with any PTX ISA version number, running on
 * `sm_70` or later architectures". A module for an older GPU runs on newer ones too, under the
 * model; on its own GPU the model promises nothing.
 */
export function targetNotes(t: Target): string[] {
  if (t.sm >= 70) return [];
  return [`.target ${t.name}: the answers are the PTX memory model's, which holds for a program running on sm_70 or later GPUs (ISA §8.1); on an older GPU it promises nothing (there, an atom on .shared is not even atomic against a plain store)`];
}

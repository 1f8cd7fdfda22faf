// The memory layout of a test, shared by both engines so that they number locations and
// addresses alike: physical locations (a name and its aliases share one), virtual addresses
// (a generic alias is a second address of the same location; an alias through another proxy
// uses its target's address), widths, signedness and initial values.
import type { Instr, LitmusTest, LocDecl, Placement, Pos, Space, Thread } from './ast.js';
import { SPACE_NAME, testedObservables, typeSigned, typeWidth } from './ast.js';

export interface PhysLoc {
  /** The name declared with an initial value (or first used). */
  name: string;
  /** Bits: the declared type's, else the widest access, else 32. */
  width: number;
  /** The initial value as written (not yet truncated to the width). */
  init: bigint;
  /** W0 writes an unknown value (LocDecl `unknown`): `init` is unused. */
  unknown: boolean;
  /**
   * A condition reads the value as signed: the declared type is signed, or (untyped) some
   * access is signed or the initial value is negative (see litmus/types.ts).
   */
  signed: boolean;
  /** Declared .f32/.f64 (LocDecl.float): floating-point data, shown as such (present/values.ts). */
  float: boolean;
  /**
   * In shared memory: declared .shared, or accessed through .shared or .shared::cluster (a test
   * that also names it through another space is refused: memorySpaces). Where a generic float
   * addition goes decides whether it flushes subnormals (litmus/floats.ts).
   */
  shared: boolean;
}

export interface Layout {
  /** Physical locations, in the order they are first declared or used. */
  locs: PhysLoc[];
  /** Location name (aliases included) -> index into locs. */
  locOf: Map<string, number>;
  /** Location name (aliases included) -> virtual address: VADDR_STRIDE apart, from VADDR_STRIDE on. */
  vaddrOf: Map<string, number>;
}

/**
 * A litmus test's locations are VADDR_STRIDE bytes apart, so that an address computed from a
 * location's (`add.u64 %rd1, %rd1, 1`: inside it, or just past it) is no location's and is
 * refused there, as PTX gives separate variables no layout; numbered 1, 2, ... they once made
 * x + 1 read y. Small enough that every address fits the 32 bits shared memory uses.
 */
export const VADDR_STRIDE = 1 << 16;

/** Undeclared names used by the code, the register initialisers or the conditions exist too (initially 0). */
export function layout(test: LitmusTest, fail: (message: string) => never): Layout {
  const decls = new Map<string, LocDecl>(test.locations.map((d) => [d.name, d]));
  const locOf = new Map<string, number>();
  const vaddrOf = new Map<string, number>();
  const locs: PhysLoc[] = [];
  const declWidth = new Map<number, number>();
  const declSigned = new Map<number, boolean>();
  const resolving = new Set<string>();
  const resolve = (name: string): void => {
    if (locOf.has(name)) return;
    const d = decls.get(name);
    if (d && d.kind === 'alias') {
      if (resolving.has(name)) fail(`location ${name}: circular alias`);
      resolving.add(name);
      resolve(d.of);
      locOf.set(name, locOf.get(d.of)!);
      vaddrOf.set(name, d.proxy === 'generic' ? (vaddrOf.size + 1) * VADDR_STRIDE : vaddrOf.get(d.of)!);
      return;
    }
    locOf.set(name, locs.length);
    vaddrOf.set(name, d?.kind === 'value' && d.address !== undefined ? d.address : (vaddrOf.size + 1) * VADDR_STRIDE);
    locs.push({ name, width: 0, init: d ? d.value : 0n, unknown: d?.kind === 'value' && d.unknown === true, signed: d !== undefined && d.value < 0n, float: d?.kind === 'value' && d.float === true,
      shared: d?.kind === 'value' && (d.space === 'shared' || d.space === 'shared_cluster') });
    if (d?.type) {
      declWidth.set(locs.length - 1, typeWidth(d.type));
      declSigned.set(locs.length - 1, typeSigned(d.type));
    }
  };
  for (const d of test.locations) resolve(d.name);
  const accessWidth = new Map<number, number>();
  for (const t of test.threads) {
    for (const s of t.code) {
      if ((s.op === 'ld' || s.op === 'st' || s.op === 'atom' || s.op === 'red') && s.addr.kind === 'loc') {
        resolve(s.addr.name);
        const l = locOf.get(s.addr.name)!;
        accessWidth.set(l, Math.max(accessWidth.get(l) ?? 0, typeWidth(s.type)));
        if (typeSigned(s.type)) locs[l]!.signed = true;
        if (s.space === 'shared' || s.space === 'shared_cluster') locs[l]!.shared = true;
      }
      if (s.op === 'mov' && s.src.kind === 'loc') resolve(s.src.name);
    }
  }
  for (const r of test.regInits) if ('addressOf' in r) resolve(r.addressOf);
  for (const o of test.observed) if (o.kind === 'loc') resolve(o.name);
  for (const t of testedObservables(test)) if (t.kind === 'loc') resolve(t.name);
  locs.forEach((l, i) => {
    l.width = declWidth.get(i) ?? accessWidth.get(i) ?? 32;
    l.signed = declSigned.get(i) ?? l.signed;
  });
  return { locs, locOf, vaddrOf };
}

/**
 * Why an access of `bits` bits to location `name` (holding `width`) cannot be answered, or null
 * when the widths agree. A narrower or wider access overlaps the location partially (ISA
 * §8.2.1): it is never morally strong with the location's other accesses (§8.6), and it
 * communicates byte by byte (§8.9: a read returns each byte from its own write). Both engines
 * read and write each location whole, so they would answer such a test wrongly.
 */
export function mixedSize(name: string, width: number, bits: number): string | null {
  if (bits === width) return null;
  const what = `${bits === 8 ? 'an' : 'a'} ${bits}-bit access to ${name}, which holds ${width} bits`;
  // nvcc's stack: its elements are as wide as the accesses kernel/instantiate.ts finds for it,
  // and one through a pointer it does not follow can find them narrower.
  if (name.startsWith('__local_depot')) {
    return `${what}: the access reaches nvcc's stack (a .local depot) through a pointer ptxmm does not follow (one kept in memory, as nvcc -G keeps the pointers of library closures), and reads a stack slot at another width than its other accesses; compiling without -G (-O3) keeps such values in registers`;
  }
  return `${what} (mixed-size accesses are not modelled: a partial overlap, ISA §8.2.1, is never morally strong and communicates byte by byte, and ptxmm reads and writes each location whole)`;
}

/** The location a name is, through its aliases (`t @ texture aliases x`: t is x). */
function aliasRoot(test: LitmusTest): (name: string) => string {
  const aliasOf = new Map(test.locations.flatMap((d) => (d.kind === 'alias' ? [[d.name, d.of] as const] : [])));
  return (n) => {
    for (let k = 0; k < 100 && aliasOf.has(n); k++) n = aliasOf.get(n)!;
    return n;
  };
}

/**
 * The first access through the texture or surface proxy (ld.global.nc, tld4, suld, sust, suatom, sured) of a
 * location some thread writes, or null: what a model without proxies cannot answer, as the
 * PTX 6.0 model "does not apply to texture and surface accesses" (ISA 6.x §8.1). Reading
 * data nothing writes that way is fine: it holds its initial value.
 */
export function proxiedWrittenAccess(test: LitmusTest): Instr | null {
  // Through aliases (`t @ texture aliases x`): the data is the location they alias.
  const root = aliasRoot(test);
  const written = new Set<string>();
  let anywhere = false;
  for (const t of test.threads) {
    for (const s of t.code) {
      if (s.op !== 'st' && s.op !== 'atom' && s.op !== 'red') continue;
      if (s.addr.kind === 'loc') written.add(root(s.addr.name));
      else anywhere = true;
    }
  }
  for (const t of test.threads) {
    for (const s of t.code) {
      if ((s.op !== 'ld' && s.op !== 'st' && s.op !== 'atom' && s.op !== 'red') || (s.proxy !== 'texture' && s.proxy !== 'surface')) continue;
      // A write through the proxy (sust, suatom, sured) is data the test writes.
      if (s.op !== 'ld' || anywhere || s.addr.kind !== 'loc' || written.has(root(s.addr.name))) return s;
    }
  }
  return null;
}

/** The message for proxiedWrittenAccess's access under a model (named) without proxies. */
export const noProxiesMessage = (model: string): string =>
  `the ${model} model has no proxies, and the PTX 6.0 memory model does not apply to texture and surface accesses (ISA 6.x §8.1), here of data the test writes: --model ptx75 models their proxies`;

/**
 * The first access that names a location of another width (mixedSize): the instruction and
 * why; null when there is none. `loadsLater`: loads are left out (the solver answers one of
 * memory no thread writes, solver/unroll.ts readOnlyRead); `loadsOnly`: only loads.
 */
export function mixedSizeAccess(test: LitmusTest, lay: Layout, loadsLater = false, loadsOnly = false): { ins: Instr; why: string } | null {
  for (const t of test.threads) {
    for (const s of t.code) {
      if (!(s.op === 'ld' || s.op === 'st' || s.op === 'atom' || s.op === 'red') || s.addr.kind !== 'loc') continue;
      if ((loadsLater && s.op === 'ld') || (loadsOnly && s.op !== 'ld')) continue;
      const l = lay.locs[lay.locOf.get(s.addr.name)!]!;
      const why = mixedSize(s.addr.name, l.width, typeWidth(s.type));
      if (why) return { ins: s, why };
    }
  }
  return null;
}

/**
 * Why an access through a register, by the thread placed at `place` (through `space`, a write
 * or not), may not reach location `name`; null when it may (memorySpaces).
 */
export type Reach = (name: string, place: Placement, space: Space, write: boolean, strong?: boolean) => string | null;

/**
 * A strong access (not weak, not .volatile) or an atom/red: those the ISA allows on global and
 * shared memory only, also through a generic address that points there (ld, st, atom, red).
 */
export const strongAccess = (s: Instr): boolean =>
  s.op === 'atom' || s.op === 'red' || ((s.op === 'ld' || s.op === 'st') && s.ord.sem !== 'weak' && !s.volatile);

/**
 * A test's memory spaces, read from what its threads name: `apart`, why they cannot be read as
 * one variable per location (with where), or null; and `reach`, the same rules for an address
 * known only as the test runs (read from memory, or chosen by a branch).
 *
 * A litmus location is one variable, but each thread has its own `.local` memory, and each CTA
 * its own copy of a `.shared` variable (ISA §5.1), which a CTA of a cluster reaches in its
 * peers too (`.shared::cluster`, generic addresses); and `.const` memory is read-only. So a
 * local location named by two threads, a shared one named from two clusters or accessed through
 * `.shared` (the CTA's own window) from two CTAs, or a write to a constant one, would be answered
 * as the hardware never runs it. A location is in a space when declared there or accessed
 * through it. An address handed to another thread (published through memory) is held to the
 * same rules at the access: the location belongs to the thread, CTA and cluster that name it.
 * (Kernels give each CTA and thread its copy: kernel/instantiate.ts.)
 */
export function memorySpaces(test: LitmusTest): { apart: { pos: Pos; why: string } | null; reach: Reach } {
  const spaceOf = new Map<string, Space>();
  for (const d of test.locations) if (d.kind === 'value' && d.space) spaceOf.set(d.name, d.space);
  const root = aliasRoot(test);
  // A strong access or an atomic of a location in local or constant memory: undefined.
  const strongRule = (k: string, home: Space): string | null => (home === 'local' || home === 'const'
    ? `the address is ${k}, in ${SPACE_NAME[home]} memory, where this access is undefined: strong accesses and atomics are for global and shared memory only (ISA ld, st, atom, red)`
    : null);
  // Whether an access through `space` (writing or not, strong or not) may be to a location of `home` at all.
  const spaceRule = (k: string, home: Space, space: Space, write: boolean, who: string, strong = false): string | null => {
    const reached = space === 'generic' || space === home || (space === 'shared_cluster' && home === 'shared');
    if (!reached) return `the address is ${k}, in ${SPACE_NAME[home]} memory, but this access is to ${SPACE_NAME[space]}`;
    if (home === 'const' && write) return `the address is ${k}, in constant memory, which is read-only: ${who} cannot write it`;
    return strong ? strongRule(k, home) : null;
  };
  // The first access of a named location that `rule` refuses, as `apart` says it (the location first).
  const namedApart = (rule: (s: Extract<Instr, { op: 'ld' | 'st' | 'atom' | 'red' }>, name: string, t: Thread) => string | null): { pos: Pos; why: string } | null => {
    for (const t of test.threads) {
      for (const s of t.code) {
        if (!(s.op === 'ld' || s.op === 'st' || s.op === 'atom' || s.op === 'red') || s.addr.kind !== 'loc') continue;
        const why = rule(s, s.addr.name, t);
        if (why) return { pos: s.addr.pos ?? s.pos, why: why.replace(/^the address is (\S+), in /, '$1 is in ') };
      }
    }
    return null;
  };
  if (test.perThread) {
    // A kernel gives each CTA and thread its copy (kernel/instantiate.ts, LocDecl.owner, which
    // unroll.ts holds accesses to): only the space rules are left, for named and computed addresses.
    const reach: Reach = (name, place, space, write, strong) => spaceRule(root(name), spaceOf.get(root(name)) ?? 'global', space, write, `P${place.id}`, strong);
    return { apart: namedApart((s, name, t) => reach(name, t.placement, s.space, s.op !== 'ld', strongAccess(s))), reach };
  }
  type Use = { thread: number; cta: string; cluster: string; own: boolean; write: boolean; pos: Pos };
  type Where = Pick<Use, 'thread' | 'cta' | 'cluster'>;
  const where = (p: Placement): Where =>
    ({ thread: p.id, cta: `${p.gpu}/${p.cta}`, cluster: p.cluster !== undefined ? `${p.gpu}/c${p.cluster}` : `${p.gpu}/cta${p.cta}` });
  const uses = new Map<string, Use[]>();
  const use = (t: Thread, name: string, own: boolean, write: boolean, pos: Pos): void => {
    const u = { ...where(t.placement), own, write, pos };
    const k = root(name);
    const us = uses.get(k);
    if (us) us.push(u);
    else uses.set(k, [u]);
  };
  for (const t of test.threads) {
    for (const s of t.code) {
      if ((s.op === 'ld' || s.op === 'st' || s.op === 'atom' || s.op === 'red') && s.addr.kind === 'loc') {
        const k = root(s.addr.name);
        // An undeclared location is in the space its first access names.
        if (!spaceOf.has(k) && s.space !== 'generic' && s.space !== 'param') spaceOf.set(k, s.space === 'shared_cluster' ? 'shared' : s.space);
        // A .shared variable named by a generic access is the executing CTA's copy too (its
        // generic address); only .shared::cluster reaches a peer CTA's.
        use(t, s.addr.name, s.space === 'shared' || s.space === 'generic', s.op !== 'ld', s.addr.pos ?? s.pos);
      }
      if (s.op === 'mov' && s.src.kind === 'loc') use(t, s.src.name, false, false, s.src.pos ?? s.pos);
    }
    for (const r of test.regInits) if (r.thread === t.placement.id && 'addressOf' in r) use(t, r.addressOf, false, false, r.pos);
  }
  // The rules, once for both: why an access by the thread at `p` (through `space`, writing or
  // not) cannot be to the location's one variable, given the location's uses, and the use it
  // clashes with (the first use, or the first through `.shared` for a CTA's own copy).
  type Clash = { kind: 'const' | 'local' | 'cluster' | 'cta'; with: Use };
  const clash = (home: Space, us: readonly Use[], p: Where, space: Space, write: boolean): Clash | null => {
    const first = us[0];
    if (!first) return null;
    if (home === 'const' && write) return { kind: 'const', with: first };
    if (home === 'local' && first.thread !== p.thread) return { kind: 'local', with: first };
    if (home === 'shared' && first.cluster !== p.cluster) return { kind: 'cluster', with: first };
    const own = us.find((u) => u.own) ?? first;
    if (home === 'shared' && space === 'shared' && own.cta !== p.cta) return { kind: 'cta', with: own };
    return null;
  };
  const reach: Reach = (name, place, space, write, strong) => {
    const k = root(name);
    const home = spaceOf.get(k) ?? 'global';
    const p = where(place);
    const us = uses.get(k) ?? [];
    const rule = spaceRule(k, home, space, write, `P${p.thread}`, strong);
    if (rule) return rule;
    if ((home === 'local' || home === 'shared') && !us.length) {
      return `the address is ${k}, in ${SPACE_NAME[home]} memory, of which each ${home === 'local' ? 'thread' : 'CTA'} has its own, and no thread names ${k}: whose ${k} it is cannot be told`;
    }
    const c = clash(home, us, p, space, write);
    switch (c?.kind) {
      case 'local': return `the address is ${k}, in P${c.with.thread}'s local memory: P${p.thread} has its own ${k}, and a litmus location is one variable`;
      case 'cluster': return `the address is ${k}, in the shared memory of P${c.with.thread}'s CTA: P${p.thread} is in another cluster and cannot reach it`;
      case 'cta': return `the address is ${k}, in the shared memory of another CTA: through .shared or a generic address, P${p.thread} reaches its own CTA's copy, and a litmus location is one variable (use .shared::cluster for a peer CTA's copy)`;
      default: return null;
    }
  };
  // What the threads name, by the same rules: per location, the first use that clashes, the
  // kinds in this order.
  for (const [name, home] of spaceOf) {
    const us = uses.get(name) ?? [];
    const clashes = us.map((u) => clash(home, us, u, u.own ? 'shared' : 'generic', u.write));
    for (const kind of ['const', 'local', 'cluster', 'cta'] as const) {
      const i = clashes.findIndex((c) => c?.kind === kind);
      if (i < 0) continue;
      const [u, w] = [us[i]!, clashes[i]!.with];
      const why = {
        const: `${name} is in constant memory, which is read-only: P${u.thread} cannot write it (declare ${name} in .global)`,
        local: `${name} is in local memory, which is each thread's own: P${w.thread} and P${u.thread} would each have their own ${name}, and a litmus location is one variable (declare ${name} in .global)`,
        cluster: `${name} is in shared memory, of which each CTA has its own copy, reached at most across a cluster: P${w.thread} and P${u.thread} are in different clusters, so they cannot meet there, and a litmus location is one variable (declare ${name} in .global, or place the threads in one CTA)`,
        cta: `${name} is in shared memory, of which each CTA has its own copy: P${w.thread} and P${u.thread} access it through .shared or a generic address, each its own CTA's, and a litmus location is one variable (use .shared::cluster for a peer CTA's copy, declare ${name} in .global, or place the threads in one CTA)`,
      }[kind];
      return { reach, apart: { pos: u.pos, why } };
    }
  }
  // Named accesses through a space their location is not in, and strong accesses and atomics
  // of named locations in local or constant memory.
  return { apart: namedApart((s, name, t) => spaceRule(root(name), spaceOf.get(root(name)) ?? 'global', s.space, false, `P${t.placement.id}`, strongAccess(s))), reach };
}

/**
 * How a message names an address that is no location's: by the nearest location, as a debugger
 * would (` (x + 1)`, ` (a[0] - 4)`), or ` (a null pointer)`; '' when there are no locations.
 */
/** Both engines' words for an access to an address that is no location's, named by nearestLocation. */
export const noLocation = (names: ReadonlyMap<number, string>, addr: bigint): string =>
  `address ${addr}${nearestLocation(names, addr)} is no location's (out of bounds, or inside an element)`;

export function nearestLocation(names: ReadonlyMap<number, string>, addr: bigint): string {
  if (addr === 0n) return ' (a null pointer)';
  let best: number | undefined;
  for (const v of names.keys()) if (best === undefined || Math.abs(v - Number(addr)) < Math.abs(best - Number(addr))) best = v;
  if (best === undefined) return '';
  const off = Number(addr) - best;
  return ` (${names.get(best)} ${off < 0 ? '-' : '+'} ${Math.abs(off)})`;
}

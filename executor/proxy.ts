// Proxies and virtual aliases (PTX 7.5 model, MODEL.md "proxy-preserved" causality). Under
// ptx75 a write W constrains an access X only along a causality path whose two ends suit the
// proxies: both generic with the same address; the same proxy in the same CTA; or through
// proxy fences, one of W's proxy in the CTA where W (or the read that observed it) ran, then
// one of X's proxy in X's CTA, and through fence.proxy.alias to reach another address of the
// same location. So a view holds each known write in a class: how its knowledge entered the
// thread (proxy of the write, CTA where it was made or observed) and which of those fences it
// has gone through since. Fences move knowledge to other classes; an access uses the classes
// that suit it. The classes a test can produce are enumerated once, so views stay flat arrays
// (index loc * K + class). Under ptx60 there are no proxies: one class, any address.
import type { Instr, Proxy } from '../litmus/ast.js';

interface Cls {
  p: Proxy;
  /** CTA (index) where the knowledge entered; -1 for generic writes (any CTA). */
  cz: number;
  /** Through a fence of its proxy in that CTA (always true for generic writes). */
  entered: boolean;
  /** Through fence.proxy.alias after entering. */
  aliased: boolean;
  /** Exit fences (proxy, CTA) passed after entering, and after the alias fence. */
  pre: number;
  post: number;
}

/** How an access may use a class: not at all, for writes to its own address, or to any alias. */
export type Use = 0 | 1 | 2;

export interface ClassTable {
  K: number;
  names: string[];
  /** `proxy@cta` of an access -> its use of each class. */
  use: Map<string, Use[]>;
  /** `proxy@cta` -> the class of what an access of that proxy there writes or observes. */
  initial: Map<string, number>;
  /** Fence key (`alias`, or `surface@cta`...) -> the class each class moves to. */
  fence: Map<string, number[]>;
}

const clsKey = (c: Cls): string => `${c.p}/${c.cz}/${c.entered ? 1 : 0}${c.aliased ? 1 : 0}/${c.pre}/${c.post}`;
export const accessKey = (proxy: Proxy, cta: number): string => `${proxy}@${cta}`;

/**
 * The classes of a test. `ctaOf[ti]`: CTA index of each thread; `code[ti]`: its instructions.
 * `proxies`: false under ptx60 (one class that every access uses for any address).
 */
export function classTable(ctaOf: number[], code: Instr[][], proxies: boolean): ClassTable {
  if (!proxies) {
    const use = new Map<string, Use[]>();
    const initial = new Map<string, number>();
    for (const p of ['generic', 'texture', 'surface', 'constant'] as Proxy[]) {
      for (const c of new Set(ctaOf)) { use.set(accessKey(p, c), [2]); initial.set(accessKey(p, c), 0); }
    }
    return { K: 1, names: ['all'], use, initial, fence: new Map() };
  }
  // Exit fences in the program: (kind, CTA) pairs, each a bit.
  const exits: string[] = [];
  let alias = false;
  const accesses = new Set<string>();
  code.forEach((is, ti) => {
    for (const i of is) {
      if (i.op === 'fence.proxy') {
        if (i.kind === 'alias') alias = true;
        else if (i.kind !== 'async' && !exits.includes(accessKey(i.kind, ctaOf[ti]!))) exits.push(accessKey(i.kind, ctaOf[ti]!));
      }
      if (i.op === 'ld' || i.op === 'st' || i.op === 'atom' || i.op === 'red') accesses.add(accessKey(i.proxy, ctaOf[ti]!));
    }
  });
  for (const c of new Set(ctaOf)) accesses.add(accessKey('generic', c));
  const exitBit = (p: Proxy, c: number): number => {
    const i = exits.indexOf(accessKey(p, c));
    return i < 0 ? 0 : 1 << i;
  };
  const GEN: Cls = { p: 'generic', cz: -1, entered: true, aliased: false, pre: 0, post: 0 };
  const start = (key: string): Cls => {
    const [p, c] = key.split('@') as [Proxy, string];
    return p === 'generic' ? GEN : { p, cz: Number(c), entered: false, aliased: false, pre: 0, post: 0 };
  };
  const moves: [string, (c: Cls) => Cls][] = exits.map((key) => {
    const [k, cs] = key.split('@') as [Proxy, string];
    const cta = Number(cs);
    const b = exitBit(k, cta);
    // Exit for what had entered before this fence, entry for what is of its proxy here.
    return [key, (c: Cls): Cls => ({
      ...c, pre: c.entered ? c.pre | b : c.pre, post: c.aliased ? c.post | b : c.post,
      entered: c.entered || (c.p === k && c.cz === cta),
    })];
  });
  if (alias) moves.push(['alias', (c: Cls): Cls => (c.entered ? { ...c, aliased: true } : c)]);
  // Closure of the starting classes under the fences.
  const classes: Cls[] = [GEN];
  const index = new Map<string, number>([[clsKey(GEN), 0]]);
  const intern = (c: Cls): number => {
    const k = clsKey(c);
    let i = index.get(k);
    if (i === undefined) { i = classes.length; classes.push(c); index.set(k, i); }
    return i;
  };
  const initial = new Map<string, number>();
  for (const a of accesses) initial.set(a, intern(start(a)));
  for (let i = 0; i < classes.length; i++) for (const [, f] of moves) intern(f(classes[i]!));
  const fence = new Map(moves.map(([key, f]) => [key, classes.map((c) => index.get(clsKey(f(c)))!)]));
  const use = new Map<string, Use[]>();
  for (const a of accesses) {
    const [q, ds] = a.split('@') as [Proxy, string];
    const d = Number(ds);
    use.set(a, classes.map((c): Use => {
      if (c.aliased && (q === 'generic' || (c.post & exitBit(q, d)) !== 0)) return 2;
      const same = (c.p === 'generic' && q === 'generic') || (c.p === q && c.cz === d)
        || (c.entered && (q === 'generic' || (c.pre & exitBit(q, d)) !== 0));
      return same ? 1 : 0;
    }));
  }
  return { K: classes.length, names: classes.map(clsKey), use, initial, fence };
}

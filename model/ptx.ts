// The PTX memory consistency model (ISA 6.4 chapter 8; proxies from the 7.5+ chapter), as
// relation-algebra terms. One definition, two models: ptx60 and ptx75 differ only where the
// ISA does (overlap by loc vs vloc, proxies, observation, base causality). See MODEL.md.
//
// Base sets: R (read operations: ld and the read of atom; a red's read is in M, not R: ISA Table 17) W F M IW
// strong SC (fence.sc) FREL (acq_rel-or-stronger fence) REL ACQ GEN ALIAS
// Base relations: po rf co loc vloc sr rmw dep sync_fence sync_barrier same_proxy same_cta
import {
  type Axiom, type Model, type RelTerm, ALL, alt, and, id, inv, minus, opt, plus, prod, ref, rel, sand, seq, set, sminus, star,
} from './relalg.js';

const [po, rf, co, loc, vloc, sr, rmw, dep] = ['po', 'rf', 'co', 'loc', 'vloc', 'sr', 'rmw', 'dep'].map(rel) as [
  RelTerm, RelTerm, RelTerm, RelTerm, RelTerm, RelTerm, RelTerm, RelTerm,
];
const [R, W, F, M, strong, SC, FREL, REL, ACQ, GEN, ALIAS] =
  ['R', 'W', 'F', 'M', 'strong', 'SC', 'FREL', 'REL', 'ACQ', 'GEN', 'ALIAS'].map(set);
const syncFence = rel('sync_fence');
const syncBarrier = rel('sync_barrier');
const sameProxy = rel('same_proxy');
const sameCta = rel('same_cta');
const [fr, ms, obs, sync, cb, cause] = ['fr', 'morally-strong', 'observation', 'sync', 'cause-base', 'cause'].map(ref) as [
  RelTerm, RelTerm, RelTerm, RelTerm, RelTerm, RelTerm,
];

function definitions(v: '60' | '75'): Record<string, RelTerm> {
  // §8.2.1: v6.0 overlap is by physical location; v7.5 needs the same virtual address too.
  const overlap = v === '60' ? loc : vloc;
  const poOverlap = and(po, overlap);
  const d: Record<string, RelTerm> = {};
  // §8.8.7 communication order: co is a transitive partial order (a choice), fr derived from it.
  d.fr = seq(inv(rf), co);
  // §8.6 morally strong: po-related or mutually in scope; same proxy (7.5); complete overlap.
  const related = alt(po, inv(po), seq(id(strong), sr, id(strong)));
  const overlapsIfMemory = alt(seq(id(M), overlap, id(M)), minus(prod(ALL, ALL), prod(M, M)));
  d['morally-strong'] = minus(v === '60' ? and(related, overlapsIfMemory) : and(related, sameProxy, overlapsIfMemory), id(ALL));
  // §8.8.2 observation order relates a write to a read, through a chain of atomics: the least
  // relation with ms&rf, closed under obs;rmw;obs. (The same text in every ISA version; a
  // closure of (ms&rf | rmw) would also relate reads to writes, which the ISA does not.)
  d.observation = seq(and(ms, rf), star(seq(rmw, and(ms, rf))));
  // §8.7 release and acquire patterns (a fence.sc counts as an acq_rel fence: FREL).
  d['release-pattern'] = alt(seq(id(sand(W, REL)), opt(poOverlap), id(sand(strong, W))), seq(id(FREL), po, id(sand(strong, W))));
  d['acquire-pattern'] = alt(seq(id(sand(strong, R)), opt(poOverlap), id(sand(R, ACQ))), seq(id(sand(strong, R)), po, id(FREL)));
  // §8.8.4 memory synchronization: the first and last operations of the patterns are morally strong.
  d.sync = and(ms, seq(ref('release-pattern'), obs, ref('acquire-pattern')));
  // §8.8.5 base causality order (7.5 adds program order itself).
  const base = seq(opt(po), plus(seq(alt(sync, syncFence, syncBarrier), opt(po))));
  d['cause-base'] = v === '60' ? base : alt(base, po);
  if (v === '60') {
    // §8.8.5 causality order.
    d.cause = alt(cb, seq(obs, alt(cb, and(po, loc))));
  } else {
    // Proxy-preserved causality (8.x §8.6): between proxies only through a proxy fence of the
    // other proxy in the same CTA; between virtual aliases only through fence.proxy.alias.
    const pf = seq(id(F), and(sameProxy, sameCta), id(M)); // a proxy fence and an access of its proxy
    const into = and(cb, inv(pf)); // from an access to a later proxy fence for it
    const outOf = and(cb, pf); // from a proxy fence to a later access it covers
    const aliasFence = id(sand(F, ALIAS));
    d['proxy-preserved-cause-base'] = alt(
      seq(id(GEN), and(vloc, cb), id(GEN)),
      seq(id(M), and(sameProxy, sameCta, vloc, cb), id(M)),
      and(vloc, seq(into, cb, id(GEN))),
      and(vloc, seq(id(GEN), cb, outOf)),
      and(vloc, seq(into, cb, outOf)),
      and(loc, seq(id(GEN), cb, aliasFence, cb, id(GEN))),
      and(loc, seq(into, cb, aliasFence, cb, id(GEN))),
      and(loc, seq(id(GEN), cb, aliasFence, cb, outOf)),
      and(loc, seq(into, cb, aliasFence, cb, outOf)),
    );
    d.cause = seq(opt(obs), ref('proxy-preserved-cause-base'));
  }
  return d;
}

function axioms(v: '60' | '75'): Axiom[] {
  const ax: Axiom[] = [
    { name: 'Coherence', section: '§8.9.1', kind: 'subset', r: and(seq(id(W), cause, id(W)), loc), s: co },
    // §8.8.6: morally strong overlapping writes are related in coherence order.
    { name: 'Coherence2', section: '§8.8.6', kind: 'subset', r: and(seq(id(W), ms, id(W)), loc), s: alt(co, inv(co)) },
    // Restricted to morally strong fence pairs, over base causality (MODEL.md, Known corners).
    { name: 'FenceSC', section: '§8.9.2', kind: 'subset', r: and(seq(id(SC), cb, id(SC)), ms), s: syncFence },
    { name: 'Atomicity', section: '§8.9.3', kind: 'empty', r: and(seq(and(ms, fr), and(ms, co)), rmw) },
    { name: 'NoThinAir', section: '§8.9.4', kind: 'acyclic', r: alt(rf, dep) },
  ];
  if (v === '60') {
    ax.push({ name: 'SC-per-location', section: '§8.9.5', kind: 'acyclic', r: alt(and(ms, alt(rf, co, fr)), and(po, loc)) });
  }
  ax.push({ name: 'Causality', section: '§8.9.6', kind: 'irreflexive', r: seq(alt(rf, fr), cause) });
  return ax;
}

/**
 * §8.6.1 data race: two conflicting memory operations (overlapping: the same physical
 * location; at least one a write; initial writes are not the program's) that are not morally
 * strong and not related in causality order either way (an atom or red as one operation).
 * Over the model's own `morally-strong` and `cause`, so it means what they mean in each model (solver/races.ts, and the concrete
 * evaluator in its tests).
 */
const access = sminus(M, set('IW'));
// An atom or red is one memory operation (§8.2), made here of a read and a write linked by
// rmw: it is ordered with another operation when either of its events is (its write may be
// observed, its read comes first in program order).
const whole = opt(alt(rmw, inv(rmw)));
const opCause = seq(whole, cause, whole);
export const DATA_RACE: RelTerm = minus(
  and(loc, alt(prod(sand(access, W), access), prod(access, sand(access, W)))),
  alt(id(ALL), ms, opCause, inv(opCause)),
);

/**
 * Why DATA_RACE cannot be asked of a model (one read from cat) that lacks a definition it
 * reads, or null when it can.
 */
export function raceRefusal(model: Model): string | null {
  const missing = ['morally-strong', 'cause'].filter((n) => !model.defs[n]);
  return missing.length === 0 ? null
    : `a data race (ISA §8.6.1) is read off the model's morally-strong and cause, and ${model.name} does not define ${missing.join(' or ')}`;
}

export const ptx60: Model = { name: 'ptx60', defs: definitions('60'), axioms: axioms('60') };
export const ptx75: Model = { name: 'ptx75', defs: definitions('75'), axioms: axioms('75') };
export const MODELS: Record<string, Model> = { ptx60, ptx75 };

// Scoped RC11: the C++ memory model of Lahav, Vafeiadis, Kang, Hur and Dreyer ("Repairing
// Sequential Consistency in C/C++11", PLDI 2017), with the scopes of CUDA's C++ (Lustig,
// Sahasrabuddhe and Giroux, "A Formal Analysis of the NVIDIA PTX Memory Consistency Model",
// ASPLOS 2019, §6): an atomic synchronises, and takes part in the SC order, only with the
// atomics whose scopes include each other ("inclusive"). In the same relation algebra as
// model/ptx.ts, so the same interpreters read it (proofs/mapping.ts).
//
// Events are split as in RC11: an RMW is a read and a write related by rmw. Base sets: R W F M
// IW, and the memory orders NA RLX ACQ REL AR (acq_rel) SC, A = atomic accesses. Base
// relations: po (sequenced-before), rf, co (modification order), loc, rmw, and incl: two events
// of one thread, or two atomics (or fences) whose scopes each include the other's thread.
import { coUnordered } from './sc.js';
import { type Axiom, type Model, type RelTerm, ALL, alt, and, id, inv, minus, opt, plus, prod, ref, rel, sand, seq, set, sminus, sor, star } from './relalg.js';

const [po, rf, co, loc, rmw, incl] = ['po', 'rf', 'co', 'loc', 'rmw', 'incl'].map(rel) as [RelTerm, RelTerm, RelTerm, RelTerm, RelTerm, RelTerm];
const [R, W, F, M, IW, A, ACQ, REL, AR, SC] = ['R', 'W', 'F', 'M', 'IW', 'A', 'ACQ', 'REL', 'AR', 'SC'].map(set);
const [hb, fr, eco] = ['hb', 'fr', 'eco'].map(ref) as [RelTerm, RelTerm, RelTerm];

const defs: Record<string, RelTerm> = {};
// Release sequence: a release write, a later same-location atomic write of its thread, and the
// RMWs that read from it, in turn (inclusive reads only).
defs.rs = seq(id(W), opt(and(po, loc)), id(sand(W, A)), star(seq(and(rf, incl), rmw)));
// Synchronises-with: a release (or a release fence before an atomic write) read by an acquire
// (or an atomic read before an acquire fence), inclusive.
defs.sw = and(incl, seq(id(sor(REL, AR, SC)), opt(seq(id(F), po)), ref('rs'), and(rf, incl), id(sand(R, A)), opt(seq(po, id(F))), id(sor(ACQ, AR, SC))));
defs.hb = plus(alt(po, ref('sw')));
defs.fr = seq(inv(rf), co);
// Extended coherence order.
defs.eco = plus(alt(rf, co, fr));
// The SC order's constraints (RC11 §3): scb, then psc over SC accesses and fences.
const sbnl = minus(po, loc);
defs.scb = alt(po, seq(sbnl, hb, sbnl), and(hb, loc), co, fr);
const scF = id(sand(F, SC));
defs['psc-base'] = seq(alt(id(SC), seq(scF, opt(hb))), ref('scb'), alt(id(SC), seq(opt(hb), scF)));
defs['psc-F'] = seq(scF, alt(hb, seq(hb, eco, hb)), scF);
defs.psc = alt(ref('psc-base'), ref('psc-F'));

const axioms: Axiom[] = [
  // RC11's mo is total per location by definition (§3); PTX's co, read as mo, may not be.
  { name: 'MoTotal', section: 'RC11 §3', kind: 'empty', r: coUnordered(co) },
  { name: 'Coherence', section: 'RC11 §3', kind: 'irreflexive', r: seq(hb, opt(eco)) },
  { name: 'Atomicity', section: 'RC11 §3', kind: 'empty', r: and(rmw, seq(fr, co)) },
  { name: 'SC', section: 'RC11 §3, scoped: ASPLOS 2019 §6', kind: 'acyclic', r: and(ref('psc'), incl) },
  { name: 'NoThinAir', section: 'RC11 §3', kind: 'acyclic', r: alt(po, rf) },
];

export const rc11: Model = { name: 'scoped-rc11', defs, axioms };

/**
 * A race (scoped C++): two conflicting accesses (one location, at least one a write; initial
 * writes are not the program's) not ordered by happens-before either way, unless both are
 * atomics whose scopes include each other. A racy program has undefined behaviour, so the
 * mapping theorem assumes none.
 */
const access = sminus(M, IW);
export const RACE: RelTerm = minus(
  and(loc, alt(prod(sand(access, W), access), prod(access, sand(access, W)))),
  alt(id(ALL), hb, inv(hb), and(incl, prod(A, A))),
);

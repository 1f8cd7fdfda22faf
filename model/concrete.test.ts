// The concrete interpreter on hand-built executions of classic shapes: which axiom rejects
// which execution, per model.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Scope } from '../litmus/ast.js';
import { evaluate, type Execution, type Pair, pairs } from './concrete.js';
import type { EventInfo } from './events.js';
import { ptx60, ptx75 } from './ptx.js';
import { ALL, type Model, alt, and, inv, minus, plus, prod, ref, rel, seq, set } from './relalg.js';

interface Opts {
  thread?: number;
  cta?: number;
  gpu?: number;
  scope?: Scope | null;
  rel?: boolean;
  acq?: boolean;
  fence?: EventInfo['fence'];
  loc?: number;
  vaddr?: number;
  proxy?: EventInfo['proxy'];
  init?: boolean;
}

/** Builds the event list of an execution; ids are positions. */
function events(...specs: [EventInfo['kind'], Opts][]): EventInfo[] {
  const po = new Map<number, number>();
  return specs.map(([kind, o], id) => {
    const thread = o.init ? -1 : o.thread ?? 0;
    const poIndex = po.get(thread) ?? 0;
    po.set(thread, poIndex + 1);
    const cta = o.cta ?? 0;
    const gpu = o.gpu ?? 0;
    const scope = o.scope === undefined ? (kind === 'F' ? 'gpu' : null) : o.scope;
    return {
      id, kind, init: !!o.init, thread, poIndex,
      place: o.init ? null : { cta: `${gpu}/${cta}`, cluster: `${gpu}/cta${cta}`, gpu: `${gpu}` },
      strong: o.init || kind === 'F' || scope !== null, scope: o.init ? 'sys' : scope,
      release: !!o.rel, acquire: !!o.acq, fence: o.fence ?? null,
      proxy: o.proxy ?? (kind === 'B' ? null : 'generic'), ploc: o.loc ?? -1, vaddr: o.vaddr ?? o.loc ?? -1,
      barMode: null, label: `e${id}`,
    };
  });
}

function exec(ev: EventInfo[], x: Partial<Omit<Execution, 'events'>>): Execution {
  return {
    events: ev, rmwPartner: x.rmwPartner ?? ev.map(() => -1), rf: x.rf ?? [], co: x.co ?? [],
    syncFence: x.syncFence ?? [], syncBarrier: x.syncBarrier ?? [], dep: x.dep ?? [],
  };
}

const failing = (m: Model, x: Execution): string[] =>
  Object.entries(evaluate(m, x).axioms).filter(([, ok]) => !ok).map(([k]) => k).sort();

// MP: P0: st x=1; st.release.gpu f=1 | P1: ld.acquire.gpu f; ld x
const X = 0;
const FLAG = 1;
const mp = events(
  ['W', { init: true, loc: X }],
  ['W', { init: true, loc: FLAG }],
  ['W', { thread: 0, loc: X }],
  ['W', { thread: 0, loc: FLAG, scope: 'gpu', rel: true }],
  ['R', { thread: 1, cta: 1, loc: FLAG, scope: 'gpu', acq: true }],
  ['R', { thread: 1, cta: 1, loc: X }],
);

test('MP: after acquiring the flag the data read cannot be stale (Causality)', () => {
  for (const m of [ptx60, ptx75]) {
    const stale = exec(mp, { rf: [[3, 4], [0, 5]], co: [[1, 3], [0, 2]] });
    assert.equal(failing(m, stale), ['Causality'], m.name);
    const fresh = exec(mp, { rf: [[3, 4], [2, 5]], co: [[1, 3], [0, 2]] });
    assert.equal(failing(m, fresh), [], m.name);
  }
});

test('MP: the release/acquire pair synchronizes only when morally strong', () => {
  // Same events, but the acquire is cta-scoped in another CTA: not morally strong, no sync.
  const ev = mp.map((e) => (e.id === 4 ? { ...e, scope: 'cta' as const } : e));
  const stale = exec(ev, { rf: [[3, 4], [0, 5]], co: [[1, 3], [0, 2]] });
  assert.equal(failing(ptx75, stale), []);
  const r = evaluate(ptx75, stale);
  assert.equal(pairs(r.rels.sync!), []);
});

test('CoRR with strong accesses: reading new then old is forbidden in both models', () => {
  const ev = events(
    ['W', { init: true, loc: X }],
    ['W', { thread: 0, loc: X, scope: 'gpu' }],
    ['R', { thread: 1, loc: X, scope: 'gpu' }],
    ['R', { thread: 1, loc: X, scope: 'gpu' }],
  );
  const x = exec(ev, { rf: [[1, 2], [0, 3]], co: [[0, 1]] });
  assert.equal(failing(ptx60, x), ['Causality', 'SC-per-location']);
  assert.equal(failing(ptx75, x), ['Causality']);
});

test('SB with fence.sc: the Fence-SC order orders the fences and forbids both stale reads', () => {
  const ev = events(
    ['W', { init: true, loc: X }],
    ['W', { init: true, loc: FLAG }],
    ['W', { thread: 0, loc: X, scope: 'gpu' }],
    ['F', { thread: 0, fence: 'sc', scope: 'gpu' }],
    ['R', { thread: 0, loc: FLAG, scope: 'gpu' }],
    ['W', { thread: 1, loc: FLAG, scope: 'gpu' }],
    ['F', { thread: 1, fence: 'sc', scope: 'gpu' }],
    ['R', { thread: 1, loc: X, scope: 'gpu' }],
  );
  const co: Pair[] = [[0, 2], [1, 5]];
  for (const m of [ptx60, ptx75]) {
    for (const sf of [[[3, 6]], [[6, 3]]] as Pair[][]) {
      assert.equal(failing(m, exec(ev, { rf: [[1, 4], [0, 7]], co, syncFence: sf })), ['Causality'], `${m.name} ${sf}`);
    }
    assert.equal(failing(m, exec(ev, { rf: [[5, 4], [0, 7]], co, syncFence: [[6, 3]] })), []);
  }
});

test('FenceSC: the Fence-SC order cannot contradict causality between morally strong fences', () => {
  // P0: F1; st.release y | P1: ld.acquire y; F2, with F2 -> F1 in the Fence-SC order.
  const ev = events(
    ['W', { init: true, loc: FLAG }],
    ['F', { thread: 0, fence: 'sc', scope: 'gpu' }],
    ['W', { thread: 0, loc: FLAG, scope: 'gpu', rel: true }],
    ['R', { thread: 1, loc: FLAG, scope: 'gpu', acq: true }],
    ['F', { thread: 1, fence: 'sc', scope: 'gpu' }],
  );
  for (const m of [ptx60, ptx75]) {
    // The backwards order also makes causality cyclic, so other axioms object too.
    assert.ok(failing(m, exec(ev, { rf: [[2, 3]], co: [[0, 2]], syncFence: [[4, 1]] })).includes('FenceSC'), m.name);
    assert.equal(failing(m, exec(ev, { rf: [[2, 3]], co: [[0, 2]], syncFence: [[1, 4]] })), [], m.name);
  }
});

test('Atomicity: no morally strong write between the read and the write of an atom', () => {
  const ev = events(
    ['W', { init: true, loc: X }],
    ['R', { thread: 0, loc: X, scope: 'gpu' }],
    ['W', { thread: 0, loc: X, scope: 'gpu' }],
    ['W', { thread: 1, loc: X, scope: 'gpu' }],
  );
  const rmwPartner = [-1, 2, -1, -1];
  const bad = exec(ev, { rmwPartner, rf: [[0, 1]], co: [[0, 3], [3, 2], [0, 2]] });
  assert.ok(failing(ptx75, bad).includes('Atomicity'));
  const ok = exec(ev, { rmwPartner, rf: [[0, 1]], co: [[0, 2], [2, 3], [0, 3]] });
  assert.equal(failing(ptx75, ok), []);
  // Not morally strong (cta scope, other CTA): the interleaving is allowed.
  const weak = ev.map((e) => (e.id === 3 ? { ...e, scope: 'cta' as const, place: { cta: '0/1', cluster: '0/cta1', gpu: '0' } } : e));
  assert.ok(!failing(ptx75, exec(weak, { rmwPartner, rf: [[0, 1]], co: [[0, 3], [3, 2], [0, 2]] })).includes('Atomicity'));
});

test('NoThinAir: rf and dependencies may not form a cycle', () => {
  const ev = events(
    ['W', { init: true, loc: X }],
    ['W', { init: true, loc: FLAG }],
    ['R', { thread: 0, loc: X }],
    ['W', { thread: 0, loc: FLAG }],
    ['R', { thread: 1, cta: 1, loc: FLAG }],
    ['W', { thread: 1, cta: 1, loc: X }],
  );
  const x = exec(ev, { rf: [[5, 2], [3, 4]], co: [[0, 5], [1, 3]], dep: [[2, 3], [4, 5]] });
  assert.equal(failing(ptx60, x), ['NoThinAir']);
  assert.equal(failing(ptx75, exec(ev, { rf: [[5, 2], [3, 4]], co: [[0, 5], [1, 3]] })), []);
});

test('Coherence2: morally strong writes to a location must be ordered', () => {
  const ev = events(
    ['W', { init: true, loc: X }],
    ['W', { thread: 0, loc: X, scope: 'gpu' }],
    ['W', { thread: 1, loc: X, scope: 'gpu' }],
  );
  assert.equal(failing(ptx75, exec(ev, { co: [[0, 1], [0, 2]] })), ['Coherence2']);
  assert.equal(failing(ptx75, exec(ev, { co: [[0, 1], [0, 2], [1, 2]] })), []);
  // Weak writes of different threads may stay unordered.
  const weak = ev.map((e) => (e.init ? e : { ...e, scope: null, strong: false }));
  assert.equal(failing(ptx75, exec(weak, { co: [[0, 1], [0, 2]] })), []);
});

test('ptx75 proxies: a surface write reaches a generic read only through a surface proxy fence', () => {
  // sust x=1; [fence.proxy.surface]; ld x (one thread), the read sees the initial value.
  const withFence = events(
    ['W', { init: true, loc: X }],
    ['W', { thread: 0, loc: X, proxy: 'surface' }],
    ['F', { thread: 0, fence: 'proxy', proxy: 'surface', scope: null }],
    ['R', { thread: 0, loc: X }],
  );
  assert.equal(failing(ptx75, exec(withFence, { rf: [[0, 3]], co: [[0, 1]] })), ['Causality']);
  const noFence = events(
    ['W', { init: true, loc: X }],
    ['W', { thread: 0, loc: X, proxy: 'surface' }],
    ['R', { thread: 0, loc: X }],
  );
  assert.equal(failing(ptx75, exec(noFence, { rf: [[0, 2]], co: [[0, 1]] })), []);
});

test('barrier synchronization orders the accesses around it', () => {
  const ev = events(
    ['W', { init: true, loc: X }],
    ['W', { thread: 0, loc: X }],
    ['B', { thread: 0, scope: 'cta' }],
    ['B', { thread: 1, scope: 'cta' }],
    ['R', { thread: 1, loc: X }],
  );
  const stale = { rf: [[0, 4]] as Pair[], co: [[0, 1]] as Pair[] };
  for (const m of [ptx60, ptx75]) {
    assert.equal(failing(m, exec(ev, { ...stale, syncBarrier: [[2, 3], [3, 2]] })), ['Causality']);
    assert.equal(failing(m, exec(ev, stale)), []);
  }
});

// Relations are kept as rows of 32-bit words: executions of more than 32 and 64 events span
// several words per row, and composition, closure and inverse must carry across them.
test('relations over 70 events: closure, composition, inverse, union, difference across words', () => {
  const n = 70;
  const ev = events(...Array.from({ length: n }, (): [EventInfo['kind'], Opts] => ['F', { thread: 0 }]));
  const chain: Pair[] = Array.from({ length: n - 1 }, (_, i): Pair => [i, i + 1]);
  const m: Model = {
    name: 'words',
    defs: {
      t: plus(rel('r')), two: seq(rel('r'), rel('r')), back: inv(rel('r')),
      rest: minus(prod(set('F'), ALL), ref('t')), both: and(alt(ref('t'), ref('back')), ref('back')),
    },
    axioms: [
      { name: 'acyclic', section: '-', kind: 'acyclic', r: rel('r') },
      { name: 'within', section: '-', kind: 'subset', r: ref('two'), s: ref('t') },
      { name: 'loop', section: '-', kind: 'acyclic', r: alt(rel('r'), rel('wrap')) },
    ],
  };
  const r = evaluate(m, exec(ev, {}), { rels: { r: chain, wrap: [[n - 1, 0]] } });
  const upper: Pair[] = [];
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) upper.push([a, b]);
  assert.equal(pairs(r.rels.t!), upper);
  assert.equal(pairs(r.rels.two!), Array.from({ length: n - 2 }, (_, i): Pair => [i, i + 2]));
  assert.equal(pairs(r.rels.back!), chain.map(([a, b]): Pair => [b, a]));
  assert.equal(pairs(r.rels.both!), chain.map(([a, b]): Pair => [b, a]));
  assert.is(pairs(r.rels.rest!).length, n * n - upper.length);
  assert.ok(pairs(r.rels.rest!).every(([a, b]) => a >= b));
  assert.equal(r.axioms, { acyclic: true, within: true, loop: false });
});

test.run();

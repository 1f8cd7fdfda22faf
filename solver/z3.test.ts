// The Z3 session: each test gets a fresh context, so nothing of the previous one is left and
// an answer does not depend on what ran before it; closing it lets the process end by itself.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseLitmus } from '../litmus/parse.js';
import { ptx75 } from '../model/ptx.js';
import { manyWrites } from '../tests/cli.js';
import { runTest } from './run.js';
import { emscriptenNoise, openZ3 } from './z3.js';

// Two bar.sync that can never both complete: the blocking barriers come from an unsat core,
// the kind of answer that used to depend on the context's history.
const DEADLOCK = `PTX Deadlock
{ x=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       ;
 st.weak x, 1         | bar.cta.sync 0, 2, 2 ;
 bar.cta.sync 0, 1, 2 | ld.weak r0, x        ;
~exists (P1:r0 == 0)`;

test('Emscripten\'s own chatter is kept off stderr, and what Z3 says is not', () => {
  // Printed every 10 s while an encoding held the main thread past a Z3 start (check --timeout 12).
  for (const l of ['still waiting on run dependencies:', 'dependency: wasm-instantiate', '(end of list)', 'terminated worker 3', 'Aborted(OOM)']) assert.ok(emscriptenNoise(l), l);
  for (const l of ['(error "line 1 column 2: unknown constant x")', 'WARNING: out of memory', 'a dependency: of ours']) assert.not.ok(emscriptenNoise(l), l);
});

test('ready() starts a fresh context: the last test declared nothing that is left', async () => {
  const z3 = await openZ3();
  try {
    await z3.ready();
    assert.not.match(z3.run('(declare-const q Bool)(assert q)(check-sat)'), /error/);
    // In the same context, declaring q again is an error; after ready() it is not.
    assert.match(z3.run('(declare-const q Bool)'), /error/);
    await z3.ready();
    assert.not.match(z3.run('(declare-const q Bool)(check-sat)'), /error/);
  } finally {
    await z3.close();
  }
});

test('an answer is the same alone and after a large test in the same session', async () => {
  const opts = { model: ptx75, bound: 2, timeoutMs: 60_000, mode: 'states' as const, checkBound: true, explain: false };
  const alone = await openZ3();
  const shared = await openZ3();
  try {
    const a = await runTest(alone, parseLitmus(DEADLOCK), opts);
    await runTest(shared, parseLitmus(manyWrites(2, 6)), opts);
    const b = await runTest(shared, parseLitmus(DEADLOCK), opts);
    assert.is(a.noStates?.why, 'deadlock');
    assert.equal(b.noStates, a.noStates);
    assert.equal(b.states, a.states);
  } finally {
    await alone.close();
    await shared.close();
  }
});

test('closing the session after timed queries lets the process end by itself', () => {
  // No exit timer here (bin/ptxmm.js has one): Z3's timer threads must really be gone.
  const z3js = fileURLToPath(new URL('./z3.js', import.meta.url));
  const script = `import { openZ3 } from ${JSON.stringify(z3js)};
const z3 = await openZ3();
z3.run('(set-option :timeout 5000)(declare-const a Bool)(check-sat-assuming (a))');
await z3.close();
process.stdout.write('closed');`;
  const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.is(p.stdout, 'closed');
  assert.is(p.status, 0, `exit status ${p.status}, signal ${p.signal}: the process did not end by itself`);
});

test('a session started in the background answers after ready(); unasked, closing it lets the process end', () => {
  // As `check` opens it: the timer thread's worker started first (warmZ3), Z3 started behind
  // the first test's encoding. No exit timer here either.
  const url = (f: string): string => JSON.stringify(fileURLToPath(new URL(f, import.meta.url)));
  const script = `import { openZ3Soon } from ${url('./z3.js')};
import { warmZ3 } from ${url('./z3wasm.js')};
warmZ3();
const z3 = openZ3Soon();
let early = 'ran before ready()';
try { z3.run('(check-sat)'); } catch { early = 'refused'; }
await z3.ready();
const reply = z3.run('(set-option :timeout 5000)(declare-const a Bool)(check-sat-assuming (a))').trim();
await z3.close();
await openZ3Soon().close();
process.stdout.write(early + ' ' + reply);`;
  const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.is(p.stdout, 'refused sat');
  assert.is(p.status, 0, `exit status ${p.status}, signal ${p.signal}: the process did not end by itself`);
});

test('a worker warmZ3 started that no Z3 takes does not keep the process alive', () => {
  const z3wasm = fileURLToPath(new URL('./z3wasm.js', import.meta.url));
  const script = `import { warmZ3 } from ${JSON.stringify(z3wasm)};
warmZ3();
process.stdout.write('done');`;
  const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.is(p.stdout, 'done');
  assert.is(p.status, 0, `exit status ${p.status}, signal ${p.signal}: the process did not end by itself`);
});

test.run();

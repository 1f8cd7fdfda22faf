// `ptxmm check` and `ptxmm conform` as a user runs them: output shape, JSON, errors that do
// not stop the batch, exit status (run in-process: tests/cli.ts; the real process in cli/usage.test).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { ptxmm, scratch } from '../tests/cli.js';
import { CORPUS, skipWithoutCorpus } from '../tests/paths.js';
import { drawingPaths } from './check.js';

const { dir, write } = scratch('ptxmm-check-');

const MP = write('mp.litmus', `PTX MP
{ x=0; f=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0        ;
 st.weak x, 1        | ld.acquire.gpu r0, f  ;
 st.release.gpu f, 1 | ld.weak r1, x         ;
exists (P1:r0 == 1 /\\ P1:r1 == 0)
`);
const SB = write('sb.litmus', `PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 ld.weak r0, y  | ld.weak r1, x  ;
~exists (P0:r0 == 0 /\\ P1:r1 == 0)
`);
const BAD = write('bad.litmus', 'PTX Bad\n{ x=0; }\n P0@cta 0,gpu 0 ;\n frobnicate x ;\nexists (x == 0)\n');

test('check prints herd-style results', () => {
  const r = ptxmm('check', MP);
  assert.is(r.code, 0, r.err);
  const lines = r.out.trim().split('\n');
  assert.is(lines[0], 'Test MP Allowed');
  assert.is(lines[1], 'States 3');
  assert.equal(lines.slice(2, 5), ['P1:r0=0; P1:r1=0;', 'P1:r0=0; P1:r1=1;', 'P1:r0=1; P1:r1=1;']);
  assert.is(lines[5], 'No');
  assert.is(lines[6], 'Witnesses');
  assert.is(lines[7], 'Positive: 0 Negative: 3');
  assert.ok(lines[8]!.startsWith('Condition exists ('));
  assert.is(lines[9], 'Observation MP Never 0 3');
  assert.match(lines[10]!, /^Time MP \d+\.\d\d$/);
});

test('check --json: one object per test; a broken test is reported and the rest still run', () => {
  const r = ptxmm('check', '--json', '--model', 'ptx60', BAD, SB);
  assert.is(r.code, 1);
  const objs = r.out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.is(objs.length, 3);
  assert.equal([objs[0]!.type, objs[0]!.line, objs[0]!.col], ['error', 4, 2]);
  assert.ok((objs[0]!.file as string).endsWith('bad.litmus'));
  assert.is(objs[0]!.message, "unknown instruction 'frobnicate'");
  assert.is(objs[1]!.test, 'SB');
  assert.is(objs[1]!.kind, 'Forbidden');
  assert.is(objs[1]!.result, 'No');
  assert.is(objs[1]!.model, 'ptx60');
  assert.equal(objs[1]!.positive, 1);
  assert.equal((objs[1]!.states as unknown[]).length, 4);
  assert.equal(objs[2], { ...objs[2], type: 'summary', command: 'check', tests: 2, ok: 0, no: 1, unknown: 0, errors: 1 });
});

test('check --no-symmetry: the same states and verdicts, alone and on worker threads', () => {
  const strip = (out: string): unknown[] => out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((o) => o.type === 'check').map((o) => [o.test, o.result, o.states]);
  const a = ptxmm('check', '--json', SB, MP);
  const b = ptxmm('check', '--json', '--no-symmetry', SB, MP);
  const c = ptxmm('check', '--json', '--no-symmetry', '--jobs', '2', SB, MP);
  assert.is(strip(a.out).length, 2);
  assert.is(((strip(a.out)[0] as unknown[])[2] as unknown[]).length, 4);
  assert.equal(strip(b.out), strip(a.out));
  assert.equal(strip(c.out), strip(a.out));
  assert.is((strip(a.out)[0] as unknown[])[0], 'SB');
});

test('conform: agreement, disagreements explained, summary and exit status', () => {
  const csv = write('expect.csv', 'mp.litmus,0\nsb.litmus,1\n');
  const ok = ptxmm('conform', '--expect', csv, '--root', dir, '--model', 'ptx75');
  assert.is(ok.out.trim().split('\n').pop(), '1 passed, 1 failed');
  assert.is(ok.code, 1);
  assert.match(ok.out, /FAIL sb\.litmus: expected 1, ptx75 gives 0/);
  assert.match(ok.out, /state: P0:r0=0; P1:r1=0/);
  const good = write('good.csv', 'mp.litmus,0\nsb.litmus,0\n');
  const r = ptxmm('conform', '--expect', good, '--root', dir);
  assert.is(r.out.trim(), '2 passed, 0 failed');
  assert.is(r.code, 0);
});

const SPIN = write('spin.litmus', `PTX Spin
{ f=0; }
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0      ;
 LC00:                  | st.relaxed.gpu f, 2 ;
 ld.relaxed.gpu r0, f   |                     ;
 bne r0, 1, LC00        |                     ;
exists (P0:r0 == 1)
`);

test('conform: CSV as spreadsheets write it (quoted fields, CR line ends); mixed row shapes and a missing --root are usage errors', () => {
  const quoted = write('quoted.csv', '"mp.litmus","0"\r"sb.litmus",0\r');
  assert.is(ptxmm('conform', '--expect', quoted, '--root', dir).out, '2 passed, 0 failed\n');
  const mixed = write('mixed.csv', 'mp.litmus,0\nsb.litmus,ptx75,1\n');
  const m = ptxmm('conform', '--expect', mixed, '--root', dir);
  assert.is(m.code, 2);
  assert.match(m.err, /mixed\.csv: mixes 'path,1\|0' rows with 'path,ptx60\|ptx75,1\|0' rows/);
  const bad = ptxmm('conform', '--expect', write('bad.csv', 'mp.litmus,0\n"sb.litmus,1\n'), '--root', dir);
  assert.is(bad.code, 2);
  assert.match(bad.err, /bad\.csv:2: expected 'path,1\|0'/);
  const root = ptxmm('conform', '--expect', quoted, '--root', `${dir}/nowhere`);
  assert.is(root.code, 2);
  assert.match(root.err, /--root .*nowhere: no such directory/);
});

test('conform: a verdict that holds within the loop bound only passes with a line that says so (JSON boundReached)', () => {
  // P1 counts its loads; five need the loop to go round four times: unreachable at bound 2 only.
  const f = write('count.litmus', `PTX Count
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0       ;
 st.relaxed.gpu x, 1 | LC00:           ;
                     | add r1, r1, 1   ;
                     | ld.relaxed.gpu r2, x ;
                     | beq r2, 0, LC00 ;
exists (P1:r1 == 5)
`);
  const csv = write('count.csv', `${f.split('/').pop()},0\nmp.litmus,0\n`);
  const r = ptxmm('conform', '--expect', csv, '--root', dir);
  assert.is(r.out, 'PASS count.litmus: ptx75 gives 0 within the loop bound only (some execution needs more iterations: a larger --bound checks it)\n2 passed, 0 failed\n');
  assert.is(r.code, 0);
  const j = ptxmm('conform', '--json', '--expect', csv, '--root', dir).out.trim().split('\n').map((l) => JSON.parse(l) as { boundReached?: boolean | null });
  // The other row's forbidden outcome rests on no execution within the bound too, but MP has no loop.
  assert.equal(j.slice(0, 2).map((o) => o.boundReached), [true, false]);
  // At a bound that lets it reach, the row fails as it should.
  assert.match(ptxmm('conform', '--bound', '4', '--expect', csv, '--root', dir).out, /FAIL count\.litmus: expected 0, ptx75 gives 1\n/);
});

test('check --liveness: who hangs where, after which execution; the exit status; conform --liveness explains', () => {
  const r = ptxmm('check', '--liveness', SPIN, SB);
  assert.is(r.code, 0);
  assert.match(r.out, /Test Spin \(ptx75\): a thread can hang\nHang P0 spins forever in the loop closed by bne %r0, 1, LC00 \(line 6\)/);
  assert.match(r.out, /rf: \S+->\S+/);
  assert.match(r.out, /Test SB \(ptx75\): no thread can hang/);
  assert.match(r.out, /Totals: 2 tests, 1 live, 1 can hang, 0 Unknown, 0 errors/);
  const csv = write('live.csv', 'spin.litmus,1\nsb.litmus,1\n');
  const c = ptxmm('conform', '--liveness', '--expect', csv, '--root', dir);
  assert.is(c.code, 1);
  assert.match(c.out, /FAIL spin\.litmus: expected 1, ptx75 gives 0\n  Test Spin \(ptx75\): a thread can hang/);
  assert.is(c.out.trim().split('\n').pop(), '1 passed, 1 failed');
  const both = ptxmm('check', '--liveness', '--races', SB);
  assert.is(both.code, 2);
  assert.match(both.err, /one at a time/);
});

test('cross --liveness: both engines answer alike, per test, and exit 0', () => {
  const r = ptxmm('cross', '--liveness', SPIN, SB);
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /PASS Spin: solver hang, executor hang/);
  assert.match(r.out, /PASS SB: solver live, executor live/);
  assert.match(r.out, /Tests 2: 2 agree, 0 disagree, 0 skipped, 0 errors/);
  const j = ptxmm('cross', '--liveness', '--json', SPIN);
  assert.is(j.code, 0);
  const rec = JSON.parse(j.out.trim().split('\n')[0]!) as { type: string; status: string; solver: { stuck: string[] }; executor: { verdict: string }; trace: string[] };
  assert.is(rec.type, 'crossLiveness');
  assert.is(rec.status, 'agree');
  assert.equal(rec.solver.stuck, ['P0 spins forever in the loop closed by bne %r0, 1, LC00 (line 6)']);
  assert.is(rec.executor.verdict, 'hang');
  assert.ok(rec.trace.length > 0);
});

test('cross --liveness: a hang only through executions the executor does not perform is INCOMPLETE, not a failure', () => {
  // Found by fuzz --liveness (seed 120101). The surface suatom reads, through the alias, the
  // atom its thread makes after the barrier and writes 0; coherence leaves the two writes
  // unordered (two proxies), so P1 may read the 0 forever. The executor never moves an access
  // across a barrier, so it never makes that execution (without the barrier it does, and hangs).
  const f = write('suatom-alias-spin.litmus', `PTX SuatomAliasSpin
{ x = 0; xa @ generic aliases x; }
 P0@cta 0,gpu 0                          | P1@cta 0,gpu 0              ;
 suatom.relaxed.cta.inc.u32 %r0, [xa], 1 | S0:                         ;
 bar.sync 0                              | ld.relaxed.cta.u32 %r0, [x] ;
 atom.relaxed.cta.add.u32 %r1, [x], 1    | setp.eq.u32 %p0, %r0, 0     ;
                                         | @%p0 bra S0                 ;
exists (P1:%r0 == 1)
`);
  const r = ptxmm('cross', '--liveness', f);
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /INCOMPLETE SuatomAliasSpin: solver hang, executor live\n  not a failure: every hanging execution the solver finds is of a kind the executor does not perform/);
  assert.match(r.out, /Tests 1: 0 agree, 0 disagree, 0 skipped, 0 errors, 1 incomplete/);
  const j = JSON.parse(ptxmm('cross', '--liveness', '--json', f).out.trim().split('\n')[0]!) as { status: string; asExecutor: { verdict: string } | null };
  assert.equal([j.status, j.asExecutor?.verdict], ['incomplete', 'live']);
  // The solver's hang is the model's: the execution it draws has the suatom read the atom's write.
  const c = ptxmm('check', '--liveness', f);
  assert.match(c.out, /Hang P1 spins forever/);
});

test('cross --liveness on the corpus tests with barriers outside its liveness lists: no disagreement', () => {
  if (skipWithoutCorpus()) return;
  // Manual/PC-bar-sync-sync-3/4 (crossed count-less barriers) once had the engines disagree.
  const r = ptxmm('cross', '--liveness', join(CORPUS, 'litmus/PTX/Manual'), join(CORPUS, 'litmus/PTX/Barrier'));
  assert.match(r.out, /PASS PC-bar-sync-sync-4: solver hang, executor hang/);
  const m = /Tests (\d+): (\d+) agree, 0 disagree, (\d+) skipped, 0 errors/.exec(r.out);
  assert.ok(m, r.out.split('\n').filter((l) => !l.startsWith('PASS')).join('\n'));
  assert.ok(Number(m[2]) >= 100, `${m[2]} agree`);
  // A skip (an engine without an answer: two tests whose loops write on every iteration) fails the run.
  assert.is(r.code, Number(m[3]) > 0 ? 1 : 0, r.err);
});

test('conform explains a forbidden verdict with the axioms that forbid it', () => {
  const csv = write('wrong.csv', 'mp.litmus,1\nbad.litmus,1\n');
  const r = ptxmm('conform', '--expect', csv, '--root', dir);
  assert.match(r.out, /FAIL mp\.litmus: expected 1, ptx75 gives 0/);
  // The explanation `why` gives: the axioms, and the cycle that breaks them.
  assert.match(r.out, /Smallest set of axioms to remove for it to be reachable: \{Causality\}/);
  assert.match(r.out, /cycle: (\w) -fr-> \w -cause-> \1/);
  assert.match(r.out, /ERROR bad\.litmus:4/);
  assert.is(r.out.trim().split('\n').pop(), '0 passed, 2 failed');
});

test('usage errors name the problem', () => {
  const r = ptxmm('check', '--model', 'ptx99', MP);
  assert.is(r.code, 2);
  assert.match(r.err, /unknown model 'ptx99'/);
  // A time limit past what Z3 takes once reached Z3 as `1e+23`: an internal error, exit 0.
  const long = ptxmm('check', '--timeout', '99999999999999999999', MP);
  assert.is(long.code, 2);
  assert.match(long.err, /--timeout is at most 2147483 seconds/);
  assert.is(ptxmm('check', '--timeout', '2147483', MP).code, 0);
  // An empty value names nothing: `--witness ''` once wrote no witness, silently.
  const empty = ptxmm('check', '--witness', '', MP);
  assert.is(empty.code, 2);
  assert.match(empty.err, /--witness needs a value \(DIR\), not an empty one/);
});

test('an access narrower or wider than its location is refused with its position by every engine, never answered whole', () => {
  // Sequentially the bytes of y are 01 01 00 00: 257. Read whole, both engines once said 1 (and
  // found a u16 read and a u32 write morally strong, so race-free, where §8.6 needs complete overlap).
  const bytes = write('bytes.litmus', `PTX Bytes
{
.global .u32 y = 0;
}
 P0@cta 0,gpu 0         ;
 st.global.u32 [y], 256 ;
 st.global.u8 [y], 1    ;
 ld.global.u32 %r0, [y] ;
exists (P0:%r0 == 257)
`);
  const why = /bytes\.litmus:7:2: st\.weak\.global\.u8 \[y\], 1: an 8-bit access to y, which holds 32 bits \(mixed-size accesses are not modelled/;
  for (const args of [['check'], ['check', '--races'], ['run'], ['show']]) {
    const r = ptxmm(...args, bytes);
    assert.is(r.code, 1, args.join(' '));
    assert.match(r.out + r.err, why, args.join(' '));
    assert.not.match(r.out + r.err, /\n\s+at /, 'no stack trace');
  }
  // Through a register the address is known only as the test runs: refused there when a thread
  // writes what the narrower load reads (the solver, once every thread is unrolled; the executor always).
  const viaReg = write('reg.litmus', `PTX Reg
{
.global .u32 y = 0;
}
 P0@cta 0,gpu 0             | P1@cta 1,gpu 0                   ;
 mov.u64 %rd1, y            | st.relaxed.gpu.global.u32 [y], 1 ;
 ld.global.u16 %rs0, [%rd1] |                                  ;
exists (P0:%rs0 == 0)
`);
  for (const cmd of ['check', 'run']) {
    const r = ptxmm(cmd, viaReg);
    assert.is(r.code, 1, cmd);
    assert.match(r.out + r.err, /reg\.litmus:7:2: ld\.weak\.global\.u16 %rs0, \[%rd1\]: .*a 16-bit access to y, which holds 32 bits \(mixed-size/, cmd);
  }
  assert.match(ptxmm('check', viaReg).err, /answered only of memory no thread writes, and y is written by P1:st\.relaxed\.gpu\.global\.u32 \[y\], 1 \(line 6\)/);
  // Under a guard the access is refused only if some consistent execution makes it (here, one that reads f = 1).
  const guarded = ptxmm('check', write('guarded.litmus', `PTX Guarded
{
.global .u32 y = 0;
.global .u32 f = 0;
}
 P0@cta 0,gpu 0                     | P1@cta 1,gpu 0                   ;
 ld.relaxed.gpu.global.u32 %r1, [f] | st.relaxed.gpu.global.u32 [f], 1 ;
 setp.eq.u32 %p1, %r1, 1            |                                  ;
 mov.u64 %rd1, y                    |                                  ;
 @%p1 st.global.u16 [%rd1], 1       |                                  ;
exists (P0:%r1 == 0)
`));
  assert.is(guarded.code, 1);
  assert.match(guarded.err, /guarded\.litmus:10:7: @%p1 st\.weak\.global\.u16 \[%rd1\], 1: in some execution the address is y: a 16-bit access to y, which holds 32 bits \(mixed-size/);
});

test('a barrier id the program computes past 15 is refused at the barrier where an execution makes it, by both engines', () => {
  const text = (x: number): string => `PTX BarId
{
.global .u32 x = ${x};
}
 P0@cta 0,gpu 0              ;
 ld.weak.global.u32 %r1, [x] ;
 bar.sync %r1                ;
exists (x == ${x})
`;
  const f = write('barid.litmus', text(20));
  for (const args of [['check'], ['check', '--liveness'], ['check', '--races'], ['run']]) {
    const r = ptxmm(...args, f);
    assert.is(r.code, 1, args.join(' '));
    assert.match(r.out + r.err, /barid\.litmus:7:2: bar\.sync %r1: (in some execution )?the barrier id is 20, and PTX has barriers 0 to 15/, args.join(' '));
  }
  assert.is(ptxmm('check', write('barid3.litmus', text(3))).code, 0);
});

test('the dialect\'s barrier id is not held to 0 to 15, in a register as in an immediate; printed, it means the same', () => {
  const f = write('dbar.litmus', `PTX DBar
{ x = 0; y = 0; P0:r3 = 96; }
 P0@cta 0,gpu 0  | P1@cta 0,gpu 0  ;
 st.weak x, 1    | st.weak y, 1    ;
 bar.cta.sync r3 | bar.cta.sync 96 ;
 ld.weak r1, y   | ld.weak r2, x   ;
forall (P0:r1 == 1 /\\ P1:r2 == 1)
`);
  // Both threads meet at barrier 96 (it was refused in the register, answered as an immediate).
  for (const args of [['check'], ['run']]) {
    const r = ptxmm(...args, f);
    assert.is(r.code, 0, `${args.join(' ')}: ${r.out}${r.err}`);
    assert.match(r.out, /\nOk\n/);
  }
  const printed = ptxmm('print', f).out;
  assert.match(printed, /bar\.cta\.sync 0, %r3, 0 \| bar\.cta\.sync 0, 96, 0/);
  assert.is(ptxmm('check', write('dbar-printed.litmus', printed)).code, 0);
});

test('ret and exit end a thread early, in both engines: the same states', () => {
  // P0 returns when it reads 0; otherwise it writes 2 after P1's 1 (coherence), so x ends 1 or 2.
  const f = write('ret.litmus', `PTX Ret
{
.global .u32 x = 0;
}
 P0@cta 0,gpu 0                     | P1@cta 1,gpu 0                   ;
 ld.relaxed.gpu.global.u32 %r1, [x] | st.relaxed.gpu.global.u32 [x], 1 ;
 setp.eq.u32 %p1, %r1, 0            | exit                             ;
 @%p1 ret                           | st.relaxed.gpu.global.u32 [x], 3 ;
 st.relaxed.gpu.global.u32 [x], 2   |                                  ;
exists (x == 3 \\/ P0:%r1 == 3)
`);
  for (const cmd of ['check', 'run']) {
    const r = ptxmm(cmd, f);
    assert.is(r.code, 0, cmd + r.err);
    // (run lists registers first, as herd does.)
    const states = r.out.split('\n').filter((l) => l.includes('x=')).map((l) => l.replace(/^.*:> /, '').split(' ').sort().join(' '));
    assert.equal(states, ['P0:r1=0; x=1;', 'P0:r1=1; x=2;'], cmd);
    assert.match(r.out, /States 2\n[^]*\nNo\n/, cmd);
  }
});

test('a load of another width of memory no thread writes reads its initial bytes, little-endian (check); the executor refuses it', () => {
  // y's bytes are 78 56 34 12. nvcc reads `in[i] & 0xff` as ld.u8 and `(short)in[i]` as ld.s16.
  const narrow = write('narrow.litmus', `PTX Narrow
{
.global .u32 y = 0x12345678;
.global .s32 z = -2;
}
 P0@cta 0,gpu 0             ;
 mov.u64 %rd1, y            ;
 ld.global.u16 %rs0, [%rd1] ;
 ld.global.u8 %rs2, [y]     ;
 ld.global.s16 %r3, [z]     ;
 ld.global.u16 %r4, [z]     ;
exists (P0:%rs0 == 0x5678 /\\ P0:%rs2 == 0x78 /\\ P0:%r3 == -2 /\\ P0:%r4 == 0xfffe)
`);
  const r = ptxmm('check', narrow);
  assert.is(r.code, 0, r.out + r.err);
  assert.match(r.out, /States 1\n.*\nOk\n/);
  const run = ptxmm('run', narrow);
  assert.is(run.code, 1);
  assert.match(run.out + run.err, /narrow\.litmus:9:2: .*the solver \(check\) answers such a load of memory no thread writes, the executor does not/);
  // A misaligned address is no location's (PTX requires an access's address to be a multiple of its size).
  const odd = ptxmm('check', write('odd.litmus', `PTX Odd
{
.global .u32 y = 0x12345678;
}
 P0@cta 0,gpu 0             ;
 mov.u64 %rd1, y            ;
 add.u64 %rd1, %rd1, 1      ;
 ld.global.u16 %rs0, [%rd1] ;
exists (P0:%rs0 == 0)
`));
  assert.is(odd.code, 1);
  assert.match(odd.err, /odd\.litmus:8:2: .*address 65537 \(y \+ 1\) is no location's \(out of bounds, or inside an element\)/);
});

test('an address computed from a location\'s is no other location: locations lie far apart, and the message names the nearest', () => {
  // x + 1 is inside x (and misaligned); with locations numbered 1, 2, ... it once read y's 7.
  const r = ptxmm('check', write('past.litmus', `PTX Past
{
.global .u32 x = 0;
.global .u32 y = 7;
}
 P0@cta 0,gpu 0            ;
 mov.u64 %rd1, x           ;
 add.u64 %rd1, %rd1, 1     ;
 ld.global.u32 %r0, [%rd1] ;
exists (P0:%r0 == 7)
`));
  assert.is(r.code, 1);
  assert.match(r.err, /past\.litmus:9:2: ld\.weak\.global\.u32 %r0, \[%rd1\]: address 65537 \(x \+ 1\) is no location's/);
});

test('memory spaces: a shared location named from two clusters or through .shared from two CTAs, a local one from two threads, a write to a constant one, are refused', () => {
  const text = (p0: string, p1: string, st: string, ld: string): string => `PTX S
{
.shared .u32 s = 0;
}
 P0@${p0} | P1@${p1} ;
 ${st} | ${ld} ;
exists (P1:%r0 == 1)
`;
  // Two CTAs, no cluster: P1 reads its own CTA's s, which nobody writes. Read as one variable,
  // both engines once answered that it may read 1.
  const apart = write('shared-apart.litmus', text('cta 0,gpu 0', 'cta 1,gpu 0', 'st.relaxed.cta.shared.u32 [s], 1', 'ld.relaxed.cta.shared.u32 %r0, [s]'));
  for (const cmd of ['check', 'run']) {
    const r = ptxmm(cmd, apart);
    assert.is(r.code, 1, cmd);
    assert.match(r.out + r.err, /shared-apart\.litmus:6:\d+: s is in shared memory, of which each CTA has its own copy, reached at most across a cluster: P0 and P1 are in different clusters/, cmd);
  }
  // One cluster, each CTA through its own window (.shared): still two copies.
  const windows = write('shared-windows.litmus', text('cta 0,cluster 0,gpu 0', 'cta 1,cluster 0,gpu 0', 'st.relaxed.cta.shared.u32 [s], 1', 'ld.relaxed.cta.shared.u32 %r0, [s]'));
  assert.match(ptxmm('check', windows).err, /P0 and P1 access it through \.shared or a generic address, each its own CTA's/);
  // One CTA, or a cluster whose peer reaches the copy through .shared::cluster: answered.
  const one = ptxmm('check', write('shared-one.litmus', text('cta 0,gpu 0', 'cta 0,gpu 0', 'st.relaxed.cta.shared.u32 [s], 1', 'ld.relaxed.cta.shared.u32 %r0, [s]')));
  assert.is(one.code, 0, one.err);
  assert.match(one.out, /P1:r0=1;/);
  const peer = ptxmm('check', write('shared-peer.litmus', text('cta 0,cluster 0,gpu 0', 'cta 1,cluster 0,gpu 0', 'st.relaxed.cluster.shared::cluster.u32 [s], 1', 'ld.relaxed.cluster.shared::cluster.u32 %r0, [s]')));
  assert.is(peer.code, 0, peer.err);
  assert.match(peer.out, /P1:r0=1;/);
  // Each thread has its own .local memory, and .const memory is read-only, even to a generic store.
  const local = ptxmm('run', write('local.litmus', text('cta 0,gpu 0', 'cta 0,gpu 0', 'st.local.u32 [s], 1', 'ld.local.u32 %r0, [s]').replace('.shared .u32 s', '.local .u32 s')));
  assert.is(local.code, 1);
  assert.match(local.out + local.err, /local\.litmus:6:\d+: s is in local memory, which is each thread's own: P0 and P1 would each have their own s/);
  const constant = ptxmm('check', write('const.litmus', text('cta 0,gpu 0', 'cta 0,gpu 0', 'st.u32 [s], 1', 'ld.const.u32 %r0, [s]').replace('.shared .u32 s', '.const .u32 s')));
  assert.is(constant.code, 1);
  assert.match(constant.err, /const\.litmus:6:\d+: s is in constant memory, which is read-only: P0 cannot write it/);
});

test('memory spaces through a published address: P0 hands the address of its location to P1 through memory, and P1 is held to the rules at its access', () => {
  // P0 writes its s and publishes &s in p; P1 reads through what it finds there.
  const text = (decl: string, p1: string, st: string, ld: string): string => `PTX Pub
{
${decl} .u32 s = 0;
.global .u64 p = 0;
P0:%rd1 = &s;
}
 P0@cta 0,cluster 0,gpu 0            | P1@${p1}                            ;
 ${st.padEnd(26)} [%rd1], 1 | ld.acquire.gpu.global.u64 %rd2, [p] ;
 st.release.gpu.global.u64 [p], %rd1 | setp.ne.u64 %p1, %rd2, 0            ;
                                     | @%p1 ${ld} %r0, [%rd2]              ;
exists (P1:%rd2 != 0 /\\ P1:%r0 == 1)
`;
  // Each case once read P0's write: both engines took the address for one variable.
  const refused: [string, string, string, string, RegExp][] = [
    ['.local', 'cta 0,cluster 0,gpu 0', 'st.local.u32', 'ld.u32', /the address is s, in P0's local memory: P1 has its own s/],
    ['.shared', 'cta 1,cluster 1,gpu 0', 'st.shared.u32', 'ld.u32', /the address is s, in the shared memory of P0's CTA: P1 is in another cluster and cannot reach it/],
    ['.shared', 'cta 1,cluster 0,gpu 0', 'st.shared.u32', 'ld.shared.u32', /the address is s, in the shared memory of another CTA: through \.shared or a generic address, P1 reaches its own CTA's copy/],
    ['.shared', 'cta 0,cluster 0,gpu 0', 'st.shared.u32', 'ld.global.u32', /the address is s, in \.shared memory, but this access is to \.global/],
    ['.global', 'cta 0,cluster 0,gpu 0', 'st.global.u32', 'ld.shared.u32', /the address is s, in \.global memory, but this access is to \.shared/],
  ];
  for (const [k, [decl, p1, st, ld, why]] of refused.entries()) {
    const f = write(`pub${k}.litmus`, text(decl, p1, st, ld));
    for (const cmd of ['check', 'run']) {
      const r = ptxmm(cmd, f);
      assert.is(r.code, 1, `${cmd} ${k}`);
      assert.match(r.out + r.err, new RegExp(`pub${k}\\.litmus:10:45: @%p1 ${ld.replace('ld.', 'ld.weak.').replace(/\./g, '\\.')} %r0, \\[%rd2\\]: .*${why.source}`), `${cmd} ${k}`);
      assert.not.match(r.out + r.err, /\n\s+at /, 'no stack trace');
    }
  }
  // A store through a register to a .const location, even the thread's own address of it.
  const constant = write('pubc.litmus', `PTX PubC
{
.const .u32 c = 5;
}
 P0@cta 0,gpu 0      ;
 mov.u64 %rd1, c     ;
 st.u32 [%rd1], 1    ;
 ld.const.u32 %r0, [c] ;
exists (P0:%r0 == 1)
`);
  for (const cmd of ['check', 'run']) {
    const r = ptxmm(cmd, constant);
    assert.is(r.code, 1, cmd);
    assert.match(r.out + r.err, /pubc\.litmus:7:2: st\.weak\.u32 \[%rd1\], 1: .*the address is c, in constant memory, which is read-only: P0 cannot write it/, cmd);
  }
  // A peer CTA of the cluster through .shared::cluster or a generic address, and the same CTA
  // through .shared, reach P0's s: answered, and the read may see 1.
  const answered: [string, string][] = [
    ['cta 1,cluster 0,gpu 0', 'ld.shared::cluster.u32'],
    ['cta 1,cluster 0,gpu 0', 'ld.u32'],
    ['cta 0,cluster 0,gpu 0', 'ld.shared.u32'],
  ];
  for (const [k, [p1, ld]] of answered.entries()) {
    const f = write(`ok${k}.litmus`, text('.shared', p1, 'st.shared.u32', ld));
    for (const cmd of ['check', 'run']) {
      const r = ptxmm(cmd, f);
      assert.is(r.code, 0, `${cmd} ${k}: ${r.err}`);
      assert.match(r.out, /P1:rd2=65536; P1:r0=1;|P1:r0=1; P1:rd2=65536;/, `${cmd} ${k}`);
      assert.match(r.out, /Observation Pub Sometimes 1 1/, `${cmd} ${k}`);
    }
  }
});

test('a file named on the command line that cannot be read: its path and why, no stack trace', () => {
  const r = ptxmm('conform', '--expect', `${dir}/missing.csv`, '--root', dir);
  assert.is(r.code, 1);
  assert.is(r.err, `ptxmm conform: ${dir}/missing.csv: no such file or directory\n`);
});

test('--witness names standard input\'s drawing apart from a stdin.litmus\'s', () => {
  const { dir } = scratch('ptxmm-witness-');
  const at = drawingPaths(join(dir, 'ws'), ['-', join(dir, 'stdin.litmus')]);
  assert.is(at('-'), join(dir, 'ws', '(stdin).svg'));
  assert.is(at(join(dir, 'stdin.litmus')), join(dir, 'ws', 'stdin.svg'));
});

test('an access whose address is no location\'s, only in executions that never finish, is refused as run refuses it', () => {
  const { write } = scratch('ptxmm-stray-');
  const f = write('e1.litmus', `PTX E1
{
.global .u32 f = 0;
.global .u32 g = 0;
P0:%rd1 = 8;
}
 P0@cta 0,gpu 0                        | P1@cta 1,gpu 0 ;
 ld.relaxed.gpu.global.u32 %r1, [f]    | st.relaxed.gpu.global.u32 [f], 1 ;
 setp.eq.u32 %p1, %r1, 1               | ;
 @!%p1 bra END                         | ;
 ld.weak.global.u32 %r2, [%rd1]        | ;
 L:                                    | ;
 ld.relaxed.gpu.global.u32 %r3, [g]    | ;
 setp.eq.u32 %p2, %r3, 0               | ;
 @%p2 bra L                            | ;
 END:                                  | ;
exists (P0:%r1 == 0)
`);
  for (const cmd of ['check', 'run']) {
    const r = ptxmm(cmd, f);
    assert.is(r.code, 1, cmd);
    assert.match(r.err, /e1\.litmus:11:2: ld\.weak\.global\.u32 %r2, \[%rd1\]: .*is no location's/, cmd);
  }
});

test('a named location is in one space: first named .shared, then .global, is refused; a .shared one named generically from two CTAs is two copies, refused', () => {
  const { write } = scratch('ptxmm-spaces-');
  const two = write('two.litmus', 'PTX Two\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.relaxed.gpu.shared.u32 [x], 1 | ld.relaxed.gpu.global.u32 %r1, [x] ;\nexists (P1:%r1 == 1)\n');
  const generic = write('gen.litmus', 'PTX Gen\n{ .shared .u32 x = 0; }\n P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 ;\n st.relaxed.gpu.u32 [x], 1 | ld.relaxed.gpu.u32 %r1, [x] ;\nexists (P1:%r1 == 1)\n');
  for (const cmd of ['check', 'run']) {
    const a = ptxmm(cmd, two);
    assert.is(a.code, 1, cmd);
    assert.match(a.err, /two\.litmus:4:\d+: x is in \.shared memory, but this access is to \.global/, cmd);
    const b = ptxmm(cmd, generic);
    assert.is(b.code, 1, cmd);
    assert.match(b.err, /gen\.litmus:4:\d+: x is in shared memory, of which each CTA has its own copy/, cmd);
  }
});

test.run();

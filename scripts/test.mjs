// Runs the test files (dist/**/*.test.js) with uvu, one process per file, as many at a time as
// the machine has cores and GiBs of memory (PTXMM_TEST_JOBS to choose): one uvu process ran them
// one after another on a single core, 22 minutes on two. Usage: node scripts/test.mjs [PATTERN]
// (a regular expression over paths under dist/, as uvu's). Each file's output is printed whole
// when it ends (with uvu's own `Total:` and `Passed:`), then one line for the whole run, which .ci/run reads:
// `tests: N passed, N failed (...)`, a file that crashed or ran past its time one failed test.
// Exit 1 when any file fails, crashes or runs past its time.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
// uvu's command (its package exports no path to it, so require.resolve cannot name it).
const uvu = join(root, 'node_modules', 'uvu', 'bin.js');
// Seconds each file took when last measured (node scripts/test.mjs --record writes it): the
// longest start first, so that no long file starts last. Only the order depends on it.
const timesFile = join(root, 'scripts', 'test-times.json');
// One file past this is stopped and counted as failed (the suite's longest takes about 2 minutes
// on two cores); PTXMM_TEST_FILE_LIMIT_S to choose (the runner's own test stops a file that hangs).
const envLimit = Number(process.env.PTXMM_TEST_FILE_LIMIT_S);
const FILE_LIMIT_S = envLimit > 0 ? envLimit : 900;

const args = process.argv.slice(2);
const record = args.includes('--record');
const pattern = args.find((a) => !a.startsWith('--'));
const re = pattern ? new RegExp(pattern) : null;

function testFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...testFiles(p));
    else if (e.name.endsWith('.test.js')) out.push(relative(dist, p).split('\\').join('/'));
  }
  return out;
}

const times = existsSync(timesFile) ? JSON.parse(readFileSync(timesFile, 'utf8')) : {};
// A file not measured yet goes first: it may be long.
const files = testFiles(dist).filter((f) => !re || re.test(f)).sort((a, b) => (times[b] ?? 1e9) - (times[a] ?? 1e9) || a.localeCompare(b));
if (files.length === 0) {
  process.stderr.write(`no test files under dist/${pattern ? ` match ${pattern}` : ''} (build first: node scripts/build.mjs)\n`);
  process.exit(1);
}
// A file's process takes a few hundred MiB (340 at most measured, cli/scaleout), and the ptxmm
// processes it starts more: no more files at once than a GiB each allows, where cores outnumber GiBs.
const envJobs = Number(process.env.PTXMM_TEST_JOBS);
const byMemory = Math.max(1, Math.floor(totalmem() / 2 ** 30));
const jobs = Math.max(1, Math.min(files.length, Number.isInteger(envJobs) && envJobs > 0 ? envJobs : Math.min(availableParallelism(), byMemory)));

// Without ../shared, the corpus tests skip: said here once (tests/paths.ts), not by each file.
const paths = join(dist, 'tests', 'paths.js');
if (existsSync(paths)) (await import(pathToFileURL(paths).href)).skipWithoutCorpus();
const childEnv = { ...process.env, PTXMM_CORPUS_TOLD: '1' };

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const running = new Set();
const results = [];
const t0 = Date.now();

function runFile(file) {
  return new Promise((resolve) => {
    const start = Date.now();
    // Its own process group, so that a file stopped for its time takes the processes it started with it.
    const child = spawn(process.execPath, [uvu, 'dist', `^${escape(file)}$`], { cwd: root, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    let late = false;
    const timer = setTimeout(() => { late = true; kill(child); }, FILE_LIMIT_S * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
      const total = Number(/^\s*Total:\s*(\d+)/m.exec(plain)?.[1] ?? 0);
      const passed = Number(/^\s*Passed:\s*(\d+)/m.exec(plain)?.[1] ?? 0);
      const secs = (Date.now() - start) / 1000;
      const ok = code === 0 && !late && total > 0 && total === passed;
      let why = '';
      if (late) why = ` stopped: past ${FILE_LIMIT_S} s`;
      else if (signal) why = ` killed by ${signal}`;
      else if (total === 0) why = ' no tests ran';
      process.stdout.write(`\n== ${file} (${secs.toFixed(1)} s)${ok ? '' : ` FAILED${why}`}\n${out}`);
      results.push({ file, ok, total, passed, secs });
      resolve();
    });
  });
}

function kill(child) {
  try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => { for (const c of running) kill(c); process.exit(1); });
}

let next = 0;
async function worker() {
  while (next < files.length) await runFile(files[next++]);
}
await Promise.all(Array.from({ length: jobs }, worker));

const failedFiles = results.filter((r) => !r.ok);
const passed = results.reduce((s, r) => s + r.passed, 0);
// A file that failed with no failing test counted (it crashed, or was stopped) counts as one.
const failed = results.reduce((s, r) => s + (r.total - r.passed || (r.ok ? 0 : 1)), 0);
const wall = ((Date.now() - t0) / 1000).toFixed(0);
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed (${results.length} files, ${jobs} at a time, ${wall} s)\n`);
if (failedFiles.length) process.stdout.write(`files failed: ${failedFiles.map((r) => r.file).sort().join(', ')}\n`);
if (record) {
  const rec = { ...times };
  for (const r of results) rec[r.file] = Math.round(r.secs * 10) / 10;
  writeFileSync(timesFile, `${JSON.stringify(Object.fromEntries(Object.entries(rec).sort()), null, 1)}\n`);
}
process.exit(failedFiles.length ? 1 : 0);

// The explorer's worker thread: Z3 and the executor's searches run here, off the render path,
// so a keypress is drawn at once while they work; terminating the worker cancels them. Each
// request is answered by the same functions the commands use (checkOne, explainTest, pathTo).
import { parentPort } from 'node:worker_threads';
import { checkOne, report } from '../check.js';
import { explainTest } from '../../present/explain.js';
import { parseLitmus, parseWithOutcome } from '../../litmus/parse.js';
import { LitmusError } from '../../litmus/errors.js';
import { MODELS } from '../../model/ptx.js';
import { withoutAxioms } from '../../model/relalg.js';
import { compile, Unsupported } from '../../executor/program.js';
import { pathTo } from '../../executor/stepper.js';
import { fusionChoices, fusionSites } from '../../litmus/fusion.js';
import { forbiddenOutcomes } from '../../solver/run.js';
import { openZ3, type Z3Session } from '../../solver/z3.js';
import { findRaces } from '../../solver/races.js';
import { refusal } from '../../solver/unroll.js';
import { racePairLine, raceGraph } from '../../present/races.js';
import { checkLiveness } from '../../solver/liveness.js';
import { hangGraph, stuckLine } from '../../present/liveness.js';
import { graphText } from '../../present/text.js';
import type { LitmusTest } from '../../litmus/ast.js';
import type { Answer, AnswerMessage, Request, RequestMessage, TestRef } from './protocol.js';

let session: Promise<Z3Session> | null = null;
const z3 = (): Promise<Z3Session> => (session ??= openZ3());

/** The test, its condition replaced by `outcome` when one is asked about (as `show --outcome`). */
const testOf = (t: TestRef, outcome: string | null): LitmusTest => (outcome === null ? parseLitmus(t.text, t.file) : parseWithOutcome(t.text, t.file, outcome));

async function answer(req: Request): Promise<Answer> {
  const { bound, timeoutMs } = req.settings;
  switch (req.kind) {
    case 'states': {
      const test = testOf(req.test, req.outcome);
      const model = withoutAxioms(MODELS[req.settings.model]!, req.without);
      const s = await z3();
      const { r, seconds } = await checkOne(s, test, model, bound, timeoutMs);
      const f = r.validated === 'unknown' || !req.forbidden ? null : await forbiddenOutcomes(s, test, { model, bound, timeoutMs });
      return {
        kind: 'states',
        answer: {
          report: report(test, req.test.file, model, bound, r, seconds),
          condObs: f?.known ? f.observables : [],
          forbidden: f?.known ? f.forbidden : null,
        },
      };
    }
    case 'explain': {
      const test = testOf(req.test, req.outcome);
      const model = MODELS[req.settings.model]!;
      const ex = await explainTest(await z3(), test, { model, bound, timeoutMs, relax: req.relax, core: false, exclude: req.exclude });
      const { concrete: _closures, ...plain } = ex;
      return { kind: 'explain', answer: plain };
    }
    case 'races': {
      const test = testOf(req.test, null);
      const model = MODELS[req.settings.model]!;
      const r = await findRaces(await z3(), test, { model, bound, timeoutMs });
      const undecided = r.undecided.map((u) => `${racePairLine(u)}: ${u.reason}`);
      return {
        kind: 'races',
        answer: {
          verdict: r.verdict,
          unknown: r.unknown ?? (undecided.length ? undecided.join('; ') : null),
          pairs: r.racy.map((pr) => ({ line: racePairLine(pr), drawing: graphText(raceGraph(model, pr)) })),
          boundReached: r.boundReached === true,
        },
      };
    }
    case 'liveness': {
      const model = MODELS[req.settings.model]!;
      const r = await checkLiveness(await z3(), testOf(req.test, null), { model, bound, timeoutMs });
      const g = hangGraph(model, r);
      return { kind: 'liveness', answer: { verdict: r.verdict, unknown: r.unknown, stuck: r.stuck.map(stuckLine), drawing: g ? graphText(g) : [] } };
    }
    case 'path': {
      // Each compilation in turn (the adds ptxas may fuse: litmus/fusion.ts), until one reaches the state.
      const t = testOf(req.test, null);
      let stopped = false;
      for (const fused of fusionChoices(fusionSites(t))) {
        const answer = pathTo(compile(t, req.settings.model, bound, fused), req.state);
        if (answer === 'stopped') stopped = true;
        else if (answer) return { kind: 'path', answer, fused: [...fused] };
      }
      return { kind: 'path', answer: stopped ? 'stopped' : null, fused: [] };
    }
  }
}

parentPort!.on('message', (m: RequestMessage) => {
  answer(m.req).then(
    (ans) => parentPort!.postMessage({ id: m.id, ans } satisfies AnswerMessage),
    (e: unknown) => {
      const refused = refusal(e, m.req.test.file);
      const message = e instanceof LitmusError ? e.format() : e instanceof Unsupported ? `the executor does not support this test: ${e.message}`
        : refused ? `the solver does not model this test: ${refused.format()}` : `internal error: ${(e as Error).message}`;
      parentPort!.postMessage({ id: m.id, ans: { kind: 'error', message } } satisfies AnswerMessage);
    },
  );
});

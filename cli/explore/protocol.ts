// What the explorer asks its workers and what comes back: plain data only (it crosses a
// worker_threads boundary by structured clone, so no functions and no class instances).
import type { CheckReport } from '../check.js';
import type { Explanation } from '../../present/explain.js';
import type { ModelName } from '../../executor/program.js';
import type { Valuation } from './outcome.js';

/** What every answer depends on besides the test; the keyboard changes model and bound. */
export interface Settings {
  model: ModelName;
  bound: number;
  timeoutMs: number;
}

/** A test travels as its text, parsed again on the far side (errors come back positioned). */
export interface TestRef {
  file: string;
  text: string;
}

export type Request =
  /**
   * Every reachable final state (as check lists them) under the model without the axioms in
   * `without`; with `forbidden`, also the outcomes over the condition's observables that no
   * execution reaches; with `outcome` (condition syntax), states are marked by it instead.
   */
  | { kind: 'states'; test: TestRef; settings: Settings; without: string[]; forbidden: boolean; outcome: string | null }
  /** An execution reaching `outcome` (condition syntax; null: the test's condition), not one of `exclude`. */
  | { kind: 'explain'; test: TestRef; settings: Settings; outcome: string | null; relax: boolean; exclude: string[][] }
  /** The data races (ISA §8.6.1) of the test: each racy pair of instructions with an execution. */
  | { kind: 'races'; test: TestRef; settings: Settings }
  /** Can a thread of the test hang (docs/LIVENESS.md)? Which, where, after which execution. */
  | { kind: 'liveness'; test: TestRef; settings: Settings }
  /** A path of the operational machine (indices into the unreduced transition lists) to a final state. */
  | { kind: 'path'; test: TestRef; settings: Settings; state: string };


export interface StatesAnswer {
  report: CheckReport;
  /** The observables the condition names, in order. */
  condObs: string[];
  /** Valuations of condObs some candidate execution of the program reaches but no consistent one does (null: unknown). */
  forbidden: Valuation[] | null;
}

/** An explanation without the concrete evaluator's closures: the main thread evaluates again (cheap). */
export type PlainExplanation = Omit<Explanation, 'concrete'>;

/** Races as the test view shows them: `check --races`'s lines, each pair's execution drawn. */
export interface RacesAnswer {
  verdict: 'race-free' | 'racy' | 'unknown';
  /** Why there is no answer, for the test or for some pair. */
  unknown: string | null;
  pairs: { line: string; drawing: string[] }[];
  /** Some execution needs more loop iterations than the bound: race-free says so. */
  boundReached: boolean;
}

/** Liveness as the test view shows it: `check --liveness`'s lines, the execution prefix drawn. */
export interface LivenessAnswer {
  verdict: 'live' | 'hang' | 'unknown';
  unknown: string | null;
  stuck: string[];
  drawing: string[];
}

export type Answer =
  | { kind: 'states'; answer: StatesAnswer }
  | { kind: 'explain'; answer: PlainExplanation }
  /** The steps, in the program with the adds `fused` fused (litmus/fusion.ts: the first combination whose program reaches the state). */
  | { kind: 'path'; answer: number[] | null | 'stopped'; fused: string[] }
  | { kind: 'races'; answer: RacesAnswer }
  | { kind: 'liveness'; answer: LivenessAnswer }
  /** A positioned input error (parse), or a failure inside ptxmm, as one line. */
  | { kind: 'error'; message: string };

export interface RequestMessage { id: number; req: Request }
export interface AnswerMessage { id: number; ans: Answer }

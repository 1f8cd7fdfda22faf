// Final states as the condition language writes them, so that a state picked on screen becomes
// the `--outcome` of show/why (parseWithOutcome) without a second notation.
export type Valuation = readonly (readonly [string, bigint])[];

export const outcomeExpr = (v: Valuation): string => v.map(([k, x]) => `${k} == ${x}`).join(' /\\ ') || 'true';

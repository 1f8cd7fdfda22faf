// A JSON Schema checker for the part of draft 2020-12 that docs/ptxmm.schema.json uses
// (type, const, enum, properties, required, additionalProperties, items, oneOf, $ref into
// $defs, minimum, pattern), so tests can hold every command's --json output to the schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

export type Schema = { [k: string]: unknown };

export const PTXMM_SCHEMA = JSON.parse(readFileSync(join(ROOT, 'docs', 'ptxmm.schema.json'), 'utf8')) as Schema;

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;

/** The problems with `value` against `schema` (empty: it conforms), each with its JSON path. */
export function validate(value: unknown, schema: Schema, root: Schema = schema, path = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? (root.$defs as Record<string, Schema>)[name] : undefined;
    if (!target) return [`${path}: unresolvable $ref ${schema.$ref}`];
    return validate(value, target, root, path);
  }
  const errs: string[] = [];
  if ('const' in schema && value !== schema.const) errs.push(`${path}: must be ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) errs.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    const t = typeOf(value);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return [...errs, `${path}: ${t}, expected ${types.join(' or ')}`];
  }
  if (Array.isArray(schema.oneOf)) {
    const ok = (schema.oneOf as Schema[]).filter((s) => validate(value, s, root, path).length === 0).length;
    if (ok !== 1) errs.push(`${path}: matches ${ok} of the oneOf alternatives, not exactly one`);
  }
  if (typeof value === 'number' && typeof schema.minimum === 'number' && value < schema.minimum) errs.push(`${path}: below ${schema.minimum}`);
  if (typeof value === 'string' && typeof schema.minLength === 'number' && value.length < schema.minLength) errs.push(`${path}: shorter than ${schema.minLength}`);
  if (typeof value === 'string' && typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) errs.push(`${path}: does not match ${schema.pattern}`);
  if (Array.isArray(value) && schema.items) value.forEach((x, i) => errs.push(...validate(x, schema.items as Schema, root, `${path}[${i}]`)));
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const r of (schema.required ?? []) as string[]) if (!(r in obj)) errs.push(`${path}: missing ${r}`);
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) errs.push(...validate(v, props[k]!, root, `${path}.${k}`));
      else if (schema.additionalProperties === false) errs.push(`${path}: unexpected property ${k}`);
      else if (typeof schema.additionalProperties === 'object') errs.push(...validate(v, schema.additionalProperties as Schema, root, `${path}.${k}`));
    }
  }
  return errs;
}

// Types for the grammar compiled by nearleyc from grammar.ne (dist/litmus/grammar.js).
import type { CompiledRules } from 'nearley';
declare const grammar: CompiledRules;
export default grammar;

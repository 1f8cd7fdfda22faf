// `ptxmm model`: a model as a cat file. A built-in one is the starting point for a variant
// (edit it, then `check --model FILE.cat`); a cat file is printed as ptxmm reads it, its
// definitions inlined where they are sets and its parentheses where herd's precedence needs
// them, so that how a line was grouped can be seen.
import { BASE_RELS, BASE_SETS } from '../model/events.js';
import { printCat } from '../model/cat.js';
import { type Command, EXIT, UsageError, isCatFile, modelOf } from './command.js';

export const modelCommand: Command = {
  name: 'model',
  summary: 'print a model in cat (ptx60, ptx75, or a FILE.cat as ptxmm reads it), to write a variant for --model FILE.cat',
  args: 'ptx60|ptx75|FILE.cat',
  options: [],
  details: [
    'check, conform, show, why, prove and kernel take --model FILE.cat: a model in herd\'s cat over ptxmm\'s base sets and relations',
    '(let, | ; \\ & * + ? ^-1 ~ [S] S*T _ 0, and acyclic, irreflexive, empty ... as NAME).',
    'exit status: 0 printed, 2 a usage error or a fault in the file (FILE:LINE:COL)',
  ],
  async run(a) {
    if (a.rest.length !== 1) throw new UsageError('name one model: ptx60, ptx75 or a FILE.cat');
    const name = a.rest[0]!;
    const model = modelOf(name);
    const header = isCatFile(name)
      ? [`${name} as ptxmm reads it.`]
      : [
        `ptxmm's built-in ${name}, the PTX ISA's memory consistency model; the comment after a check cites its section.`,
        `Base sets: ${BASE_SETS.join(' ')}.`,
        `Base relations: ${BASE_RELS.join(' ')}; id is the identity.`,
        'Edit a copy, then: ptxmm check --model COPY.cat TESTS (README: "Your own model"); it is named after its file.',
      ];
    process.stdout.write(printCat(model, header, isCatFile(name)));
    return EXIT.ok;
  },
};

import type { SlotGrammar } from '../types.js';
import { checkDni, dniAttempt, type DniCandidate, dniCandidates, typedAsDni } from './dni.js';
import { matched, pickOne, wholeArgument } from './shared.js';

/** Peruvian licences are numbered as one letter and the holder's DNI (`Q41234567`). */
const LETTER_DNI = /^[A-Za-z]\d{8}$/u;

/**
 * `licence`: the DNI behind a licence argument, the lookup's key. Rules: `licence-letter-dni` (the
 * licence number, `Q41234567`), else the DNI grammar's (any grouping, check character);
 * `licence-several` for two of them.
 */
export const licenceGrammar: SlotGrammar<string> = {
  name: 'licence',
  find(tokens) {
    const candidates = dniCandidates(tokens).map((candidate): DniCandidate => {
      const text = tokens[candidate.start]?.text ?? '';
      return candidate.end === candidate.start + 1 && LETTER_DNI.test(text)
        ? { ...candidate, digits: text.slice(1), rule: 'licence-letter-dni' }
        : candidate;
    });
    const attempt = (c: DniCandidate) => dniAttempt(c) || wholeArgument(tokens, c.start, c.end);
    const picked = pickOne(candidates.filter(attempt), 'licence', typedAsDni);
    if (picked === undefined) return undefined;
    if ('several' in picked) return picked.several;
    const { candidate } = picked;
    return matched(candidate.start, candidate.end, checkDni(candidate), [candidate.rule]);
  },
};

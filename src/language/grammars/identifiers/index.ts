import type { SlotGrammar } from '../types.js';
import { companyNameGrammar } from './company-name.js';
import type { DocumentReference } from './document-check.js';
import { documentRefGrammar } from './document-ref.js';
import { dniGrammar } from './dni.js';
import { foreignDocGrammar } from './foreign-doc.js';
import { licenceGrammar } from './licence.js';
import { mobileGrammar } from './mobile.js';
import { personIdGrammar } from './person-id.js';
import { plateGrammar } from './plate.js';
import { rucGrammar } from './ruc.js';

export type { DocumentReference } from './document-check.js';
export { mobileGrammar, personIdGrammar };

/**
 * The identifier slot grammars by the names commands' slots declare (`{ grammar: 'ruc' }`), the
 * same names and values as the interim grammars of ../legacy.ts, which these replace. A driver's
 * document and phone are `personIdGrammar` and `mobileGrammar` (`person-id`, `mobile`).
 */
export const IDENTIFIER_GRAMMARS: {
  readonly ruc: SlotGrammar<string>;
  readonly dni: SlotGrammar<string>;
  readonly licence: SlotGrammar<string>;
  readonly ce: SlotGrammar<string>;
  readonly cee: SlotGrammar<string>;
  readonly ci: SlotGrammar<string>;
  readonly plate: SlotGrammar<string>;
  readonly 'guide-ref': SlotGrammar<DocumentReference>;
  readonly 'invoice-ref': SlotGrammar<DocumentReference>;
  readonly 'company-name': SlotGrammar<string>;
} = {
  ruc: rucGrammar,
  dni: dniGrammar,
  licence: licenceGrammar,
  ce: foreignDocGrammar('CE'),
  cee: foreignDocGrammar('CEE'),
  ci: foreignDocGrammar('CI'),
  plate: plateGrammar,
  'guide-ref': documentRefGrammar({ kind: 'guide', defaultType: '09' }),
  'invoice-ref': documentRefGrammar({ kind: 'invoice' }),
  'company-name': companyNameGrammar,
};

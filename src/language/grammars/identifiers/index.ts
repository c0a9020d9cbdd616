import type { SlotGrammar } from '../types.js';
import { companyNameGrammar } from './company-name.js';
import { documentRefGrammar } from './document-ref.js';
import { dniGrammar } from './dni.js';
import { foreignDocGrammar } from './foreign-doc.js';
import { licenceGrammar } from './licence.js';
import { mobileGrammar } from './mobile.js';
import { personIdGrammar } from './person-id.js';
import { plateGrammar } from './plate.js';
import { rucGrammar } from './ruc.js';

export type { CompanyName } from './company-name.js';
export type { DocumentReference, RefOptions } from './document-check.js';
export type { PersonId } from './person-id.js';
export type { RucValue } from './ruc.js';

/**
 * The identifier slot grammars by name, as a command's slots declare them
 * (`{ name: 'document', grammar: 'person-id' }`). Document references come per kind of command.
 */
export const IDENTIFIER_GRAMMARS: Readonly<Record<string, SlotGrammar<unknown>>> = {
  ruc: rucGrammar,
  dni: dniGrammar,
  licence: licenceGrammar,
  ce: foreignDocGrammar('CE'),
  cee: foreignDocGrammar('CEE'),
  ci: foreignDocGrammar('CI'),
  plate: plateGrammar,
  'pe-mobile': mobileGrammar,
  'person-id': personIdGrammar,
  'company-name': companyNameGrammar,
  'invoice-ref': documentRefGrammar({ kind: 'invoice' }),
  'guide-ref': documentRefGrammar({ kind: 'guide', defaultType: '09' }),
};

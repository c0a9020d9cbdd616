/**
 * Spanish the identifier grammars put into error data and replies (not words they read): the
 * names of document types and how `one-at-a-time` names each kind of identifier. One home, so a
 * reply's wording changes here and nowhere in code.
 */

/** Catálogo 01 codes Chasqui accepts, with the name replies use. */
export const DOCUMENT_TYPE_NAMES: Readonly<Record<string, string>> = {
  '01': 'factura',
  '03': 'boleta',
  '07': 'nota de crédito',
  '08': 'nota de débito',
  '09': 'guía de remisión remitente',
  '31': 'guía de remisión transportista',
};

/** The kinds of identifier a grammar refuses several of at once. */
export type IdentifierKind = 'ruc' | 'dni' | 'licence' | 'plate' | 'CE' | 'CEE' | 'CI' | 'document' | 'guide';

/** `one-at-a-time` data: "Consulto {{ que }} a la vez". */
export const ONE_OF: Readonly<Record<IdentifierKind, string>> = {
  ruc: 'un RUC',
  dni: 'un DNI',
  licence: 'una licencia',
  plate: 'una placa',
  CE: 'un carné',
  CEE: 'un carné',
  CI: 'una cédula',
  document: 'un comprobante',
  guide: 'una guía',
};

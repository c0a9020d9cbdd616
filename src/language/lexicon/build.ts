import type { LexEntry, Variety, WordClass } from './types.js';

/*
 * Small constructors that keep the data files readable: one line per meaning, forms as people
 * write them (accents optional: every form is compared folded).
 */

/** One entry per form, all of one class (`list('article', 'es', 'el', 'la')`). */
export function list(cls: WordClass, variety: Variety, ...forms: readonly string[]): LexEntry[] {
  return forms.map((form) => ({ forms: [form], class: cls, variety }));
}

/** One entry per value, each with its forms (`valued('month', 'es', { 1: ['enero', 'ene'] })`). */
export function valued(
  cls: WordClass,
  variety: Variety,
  values: Readonly<Record<string, readonly string[]>>,
  asNumber = true,
): LexEntry[] {
  return Object.entries(values).map(([value, forms]) => ({
    forms,
    class: cls,
    value: asNumber ? Number(value) : value,
    variety,
  }));
}

/** Entries of one class with a string value each (`named('concept', 'es', 'ruc', ['ruc', 'rucs'])`). */
export function named(cls: WordClass, variety: Variety, value: string, forms: readonly string[]): LexEntry {
  return { forms, class: cls, value, variety };
}

/**
 * Numbers and ordinals as admins write them (`dos`, `cuarenta y cinco`, `1ro`, `la segunda`): read
 * by the number and ordinal grammars of src/language; kept here for the commands that import them.
 */
export { numberWordAt } from '../language/grammars/number.js';
export { ordinalOf } from '../language/grammars/ordinal.js';

/**
 * Transitional: `guiaxml` and `xml` still import this path while they move to their feature
 * folders (issue 20, wave 2). The helper lives in `src/bot/not-found.ts`; import it from there, and
 * delete this file (and `lib` from test/architecture/features.test.ts' SHARED) once nothing does.
 */
export { rejectedAsNotFound } from '../../src/bot/not-found.js';

import { type ErrorId, UserError } from '../errors/user-error.js';
import { LookupRejectedError } from '../lookup/errors.js';

/**
 * Awaits a lookup whose upstream answers an unknown-but-well-formed input with a bare
 * "Bad Request" (plates, foreign documents, licences, workers, debts, documents): after local
 * validation, that rejection means "not found", which the user should read as such. Shared by the
 * lookups, guides and invoices features.
 */
export async function rejectedAsNotFound<T>(
  lookup: Promise<T>,
  identifier: ErrorId,
  data: Record<string, unknown>,
): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof LookupRejectedError) throw new UserError(identifier, data);
    throw error;
  }
}

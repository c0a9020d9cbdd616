import { UserError } from '../../src/input/user-error.js';

/**
 * Runs a validator and, when it rejects the input, adds the command's own example to the error
 * data (`ejemplo`), so `deuda 123` answers with `deuda 20123456786`, not a generic `ruc …`.
 */
export function withExample<T>(example: string | undefined, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof UserError && example !== undefined && !('ejemplo' in error.data)) {
      throw new UserError(error.identifier, { ...error.data, ejemplo: example });
    }
    throw error;
  }
}

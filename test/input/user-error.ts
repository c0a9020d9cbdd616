import { expect } from 'vitest';
import { UserError } from '../../src/input/user-error.js';

/** Runs `fn`, asserting it throws a UserError with `identifier` (and, if given, data containing `data`). */
export function expectUserError(
  fn: () => unknown,
  identifier: string,
  data?: Record<string, unknown>,
): UserError {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(UserError);
  const userError = thrown as UserError;
  expect(userError.identifier).toBe(identifier);
  if (data) expect(userError.data).toMatchObject(data);
  return userError;
}

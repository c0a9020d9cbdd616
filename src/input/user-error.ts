/**
 * An error meant for the chat user. It carries an identifier; the router renders
 * `templates/errors/<identifier>.liquid` with `data`, so wording lives in templates, never in code.
 */
export class UserError extends Error {
  constructor(
    readonly identifier: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(identifier);
    this.name = 'UserError';
  }
}

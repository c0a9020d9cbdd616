/**
 * Why an update of the mirror failed, as one error type with a Spanish message that says what
 * happened and what was kept: the live edition is never touched by a failed update.
 */
export type PadronFailure =
  | 'download'
  | 'truncated'
  | 'not-zip'
  | 'corrupt'
  | 'header'
  | 'encoding'
  | 'malformed'
  | 'check-digits'
  | 'too-few-rows'
  | 'busy'
  | 'disk';

export class PadronError extends Error {
  constructor(
    readonly reason: PadronFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PadronError';
  }
}

import { PassThrough, Writable } from 'node:stream';

/** A writable that keeps what a CLI printed (stdout of runStart, runBackup...). */
export function captureOutput(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

/** A CLI command's entry in this process (runChat, runEntender): argv and its three streams. */
type PipedCommand = (
  argv: string[],
  io: {
    stdin: NodeJS.ReadableStream & { isTTY?: boolean };
    stdout: NodeJS.WritableStream;
    stderr: NodeJS.WritableStream;
    env: NodeJS.ProcessEnv;
  },
) => Promise<number>;

/**
 * Runs a CLI command in this process with `stdin` piped in (a TTY when `tty`, as in an
 * interactive session); returns its exit code and what it printed on stdout (`out`) and stderr.
 */
export async function runPiped(
  command: PipedCommand,
  argv: string[],
  stdin: string,
  env: NodeJS.ProcessEnv = {},
  tty = false,
): Promise<{ code: number; out: string; err: string }> {
  const input = Object.assign(new PassThrough(), tty ? { isTTY: true } : {});
  const stdout = captureOutput();
  const stderr = captureOutput();
  input.end(stdin);
  const code = await command(argv, { stdin: input, stdout: stdout.stream, stderr: stderr.stream, env });
  return { code, out: stdout.text(), err: stderr.text() };
}

import { execFileSync } from 'node:child_process';

/** Debian's chromium (`apt-get install chromium`; .ci/run installs it). Override with CHROMIUM_PATH. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    throw new Error('chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  }
}

/** Flags for a container: no sandbox (root), no GPU, no network chatter of the browser itself. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

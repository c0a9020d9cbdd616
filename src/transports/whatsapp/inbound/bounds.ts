import type { WAMessage } from '@whiskeysockets/baileys';

/**
 * Bounds on the shape of a received message, applied before anything walks it. A quote carries
 * the quoted message, which may carry its own quote: a crafted message nests thousands deep, and
 * every recursive walk (JSON for the dedupe claim, protobuf when the reply quotes it) then
 * overflows the stack. WhatsApp clients send one level of quote; we keep two, cut the rest.
 */

/** Quoted messages kept inside one another (the quoted one, and what it quoted). */
export const MAX_QUOTE_DEPTH = 2;
/** Deepest object nesting kept anywhere in a message (real ones stay under 20). */
export const MAX_NESTING = 48;
/** Objects walked at most; a message with more is refused whole (real ones have a few dozen). */
export const MAX_NODES = 5_000;

export type BoundResult = { ok: true; cut: number } | { ok: false; reason: 'too-complex' };

interface Frame {
  node: Record<string, unknown>;
  depth: number;
  quotes: number;
}

const isWalkable = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !ArrayBuffer.isView(value) &&
  !(value instanceof ArrayBuffer);

/**
 * Cuts, in place and without recursion, every quote deeper than MAX_QUOTE_DEPTH and every object
 * deeper than MAX_NESTING in `msg.message`; `cut` says how many subtrees went. A message with
 * more than MAX_NODES objects is refused (`too-complex`) and left as it was walked.
 */
export function boundMessage(msg: WAMessage): BoundResult {
  const root = msg.message;
  if (!isWalkable(root)) return { ok: true, cut: 0 };
  const stack: Frame[] = [{ node: root, depth: 0, quotes: 0 }];
  let nodes = 0;
  let cut = 0;
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (++nodes > MAX_NODES) return { ok: false, reason: 'too-complex' };
    for (const key of Object.keys(frame.node)) {
      const child = frame.node[key];
      if (!isWalkable(child)) continue;
      const quotes = frame.quotes + (key === 'quotedMessage' ? 1 : 0);
      if (quotes > MAX_QUOTE_DEPTH || frame.depth + 1 > MAX_NESTING) {
        delete frame.node[key];
        cut += 1;
        continue;
      }
      stack.push({ node: child, depth: frame.depth + 1, quotes });
    }
  }
  return { ok: true, cut };
}

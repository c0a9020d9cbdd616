import type { Reading } from '../../language/index.js';
import { UserError } from '../../errors/user-error.js';
import { classify } from '../classify.js';
import { createCommandContext, type SenderInfo } from '../command.js';
import { exampleFor } from '../error-reply.js';
import { canRun } from '../guards.js';
import type { RouteResult } from '../outcome.js';
import { answer, type AnyCommand, isAdmin, type RouterDeps, type Stage, type Turn } from './turn.js';

/**
 * Runs what the message asks, one request after another (a message of several lines may hold up
 * to MAX_REQUESTS): who may run it (owner, group admin, personal-data groups), then the command
 * with the arguments the language layer read, or its local error (no credit spent).
 */
export const execute: Stage = {
  name: 'execute',
  async run(turn, deps) {
    const reading = turn.reading;
    if (!reading) return { outcome: 'ignored', reason: 'empty' };
    if (!reading.requests && reading.dropped === undefined) {
      // One request (nearly every message): its result is a fresh object, told why as it is.
      const result = await runOne(turn, deps, reading);
      result.because = reading.because;
      return result;
    }
    const requests = reading.requests ?? [reading];
    const results: RouteResult[] = [];
    for (const request of requests) results.push(await runOne(turn, deps, request));
    if (reading.dropped !== undefined) {
      await deps.reply(turn.message, 'demasiadas-consultas', { respondidas: requests.length });
    }
    if (results.length === 1) return { ...results[0]!, because: reading.because };
    const worst = results.find((r) => r.outcome !== 'ok') ?? results[0]!;
    return { ...worst, command: results.map((r) => r.command).join('+'), because: reading.because };
  },
};

async function runOne(turn: Turn, deps: RouterDeps, reading: Reading): Promise<RouteResult> {
  const command = reading.command ? deps.commands.get(reading.command) : undefined;
  if (!command) return { outcome: 'ignored', reason: 'no-command' };
  const denial = { outcome: 'denied', command: command.name } as const;
  const role = turn.role ?? 'member';
  if (!canRun(command.access, role)) {
    const owners = command.access === 'owner';
    return answer(
      turn,
      deps,
      'errors/denied-admin',
      { command: command.name, owners },
      { ...denial, reason: 'admin' },
    );
  }
  const personalData = turn.message.isGroup ? turn.access?.personalData === true : isAdmin(turn);
  if (command.personalData && !personalData) {
    const data = { command: command.name };
    return answer(turn, deps, 'errors/denied-personal-data', data, { ...denial, reason: 'personal-data' });
  }
  const args = reading.args;
  if (!args) return { outcome: 'ignored', reason: 'no-arguments', command: command.name };
  if ('error' in args) return fail(turn, deps, command, args.error);
  const sender: SenderInfo = { ids: turn.message.senderIds, isAdmin: isAdmin(turn), role };
  const driver = isAdmin(turn) ? undefined : turn.driver;
  if (driver && deps.policy.directChats !== 'everyone') sender.driverDocument = driver.driver.documentNumber;
  if (turn.message.senderName !== undefined) sender.displayName = turn.message.senderName;
  const ctx = createCommandContext({
    message: turn.message,
    command,
    args: args.value as never,
    rawArgs: reading.rawArgs ?? '',
    sender,
    personalData,
    lookup: deps.lookupFor(turn.message.chatId),
    services: deps.services,
    templates: deps.templates,
    send: deps.send,
    log: () => deps.log.child({ command: command.name }),
    now: deps.now,
    ...(deps.setComposing ? { setComposing: deps.setComposing } : {}),
  });
  try {
    await command.run(ctx);
    return { outcome: 'ok', command: command.name };
  } catch (error) {
    return fail(turn, deps, command, error);
  }
}

/** Anything thrown → one Spanish template and a named outcome, logged as classify.ts says. */
async function fail(turn: Turn, deps: RouterDeps, command: AnyCommand, error: unknown): Promise<RouteResult> {
  const found = classify(error);
  if (found.level !== 'debug') {
    const fields = { ...found.fields, command: command.name, ...(found.alert ? { alert: found.alert } : {}) };
    deps.log[found.level](found.withError ? { err: error, ...fields } : fields, found.message);
  }
  const data =
    error instanceof UserError
      ? {
          command: command.name,
          usage: command.usage,
          ejemplo: exampleFor(command.examples, error),
          ...withoutSelf(found.data, turn.selfDigits),
        }
      : found.data;
  return answer(turn, deps, found.template, data, {
    outcome: found.outcome,
    reason: found.kind,
    command: command.name,
  });
}

/** An echoed value never shows the bot's own number or LID (`ruc @51900000001abc`). */
function withoutSelf(data: Record<string, unknown>, selfDigits: readonly string[]): Record<string, unknown> {
  const own = selfDigits.filter((digits) => digits.length >= 6); // never scrub a stray digit
  if (own.length === 0) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    out[key] =
      typeof value === 'string' ? own.reduce((text, digits) => text.split(digits).join('…'), value) : value;
  }
  return out;
}

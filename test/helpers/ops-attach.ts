import { createServiceRegistry } from '../../src/bot/registry.js';
import type { Config } from '../../src/config.js';
import type { ConsoleServer } from '../../src/console/server.js';
import type { OpsRuntime } from '../../src/ops/runtime.js';
import type { OutgoingMessage } from '../../src/transports/transport.js';

/**
 * `ops.attach` as `chasqui start` calls it, for tests of the ops runtime: a router that answers
 * ok, an empty service registry, `transport` for the owners' alerts; the console when the config
 * has a port.
 */
export function attachOps(
  ops: OpsRuntime,
  config: Config,
  transport: { send(chatId: string, message: OutgoingMessage): Promise<void> } = { send: async () => {} },
): Promise<ConsoleServer | undefined> {
  return ops.attach({
    app: {
      router: { handle: async () => ({ outcome: 'ok' }) },
      services: { registry: createServiceRegistry() } as never,
      config,
    },
    setup: { transport: transport as never, outbox: {} as never, auth: { isPaired: () => false } as never },
    sandbox: true,
    say: () => {},
  });
}

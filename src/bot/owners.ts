import type { Logger } from 'pino';
import { directChat } from '../transports/ids.js';
import { type SendFn, sendSafely, type TemplateRenderer } from './command.js';

/**
 * Notices for the owners (the configured `admins`) in their direct chats: a driver's phone
 * changed, the credit budget is running out. One port so commands and the budget share it.
 */
export interface OwnerNoticePort {
  /** Renders `template` and sends it to every owner; never throws (failures are logged). */
  notify(template: string, data?: Record<string, unknown>): Promise<void>;
}

export interface OwnerNoticeDeps {
  /** Read on every notice: the live list of owners, phone digits with country code or LIDs (their own chat). */
  owners(): readonly string[];
  templates: TemplateRenderer;
  send: SendFn;
  logger: Logger;
}

export function createOwnerNotices(deps: OwnerNoticeDeps): OwnerNoticePort {
  return {
    async notify(template, data = {}) {
      let text: string;
      try {
        text = deps.templates.render(template, data);
      } catch (error) {
        deps.logger.error({ err: error, template }, 'owner notice template failed');
        return;
      }
      for (const owner of deps.owners()) {
        try {
          await sendSafely(deps.send, directChat(owner), { kind: 'text', text });
        } catch (error) {
          deps.logger.warn({ err: error, template }, 'owner notice not sent');
        }
      }
    },
  };
}

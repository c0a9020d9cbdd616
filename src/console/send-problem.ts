/**
 * What a failed send's raw error (Baileys' words: `bad-request`, `Timed Out`, `Connection Closed`…)
 * means for the operator, as a word the templates turn into Spanish with what to do
 * (`console/templates/send-problem.liquid`). The raw text stays available as a tooltip.
 */
export type SendProblem =
  'first-contact' | 'no-whatsapp' | 'rejected' | 'timeout' | 'connection' | 'rate-limit' | 'media' | 'other';

const RULES: readonly [RegExp, SendProblem][] = [
  // 463: WhatsApp will not let a business number write first to someone who never wrote to it.
  [/\b463\b/u, 'first-contact'],
  // Refused here before sending (store/outbox SendRefusedError): WhatsApp says the number has no account.
  [/\bno-whatsapp\b/u, 'no-whatsapp'],
  [/rate-overlimit|too many|\b429\b/iu, 'rate-limit'],
  [/timed? ?out|timeout/iu, 'timeout'],
  [/connection|closed|socket|network|ECONN|EPIPE|ENOTFOUND|EAI_AGAIN/iu, 'connection'],
  [/media|upload/iu, 'media'],
  [/bad-request|not-acceptable|forbidden|not-authori[sz]ed|item-not-found|\b4\d\d\b/iu, 'rejected'],
];

export function sendProblem(raw: string): SendProblem {
  return RULES.find(([pattern]) => pattern.test(raw))?.[1] ?? 'other';
}

/**
 * Delivery truth of one outgoing message, as a monotonic state machine:
 * queued → sent (our send returned) → server_ack → delivered → read → played, or failed(code).
 * `doubtful` means "sent, but the server never acknowledged it in time"; any later evidence
 * (ack, receipt) lifts it. Pure, beside the table it governs (store/delivery.ts persists it);
 * transports report, src/delivery/tracker.ts applies, features read.
 */
export const DELIVERY_STATES = [
  'queued',
  'sent',
  'doubtful',
  'server_ack',
  'delivered',
  'read',
  'played',
  'failed',
] as const;

export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Progress order of the non-failed states (higher = further). */
const RANK: Record<Exclude<DeliveryState, 'failed'>, number> = {
  queued: 0,
  sent: 1,
  doubtful: 2,
  server_ack: 3,
  delivered: 4,
  read: 5,
  played: 6,
};

/**
 * The state after `next` arrives on a message in `current`. Never goes backwards: a late
 * "delivered" keeps "read". An error ack fails a message that was not yet delivered; a receipt
 * (delivered/read/played) after a failure wins, because the recipient's device saw it. A
 * failure after delivery is ignored (the message already arrived).
 */
export function advance(current: DeliveryState, next: DeliveryState): DeliveryState {
  if (next === current) return current;
  if (next === 'failed')
    return RANK[current as Exclude<DeliveryState, 'failed'>] >= RANK.delivered ? current : 'failed';
  if (current === 'failed') return RANK[next] >= RANK.delivered ? next : current;
  return RANK[next] > RANK[current] ? next : current;
}

/** Nothing more is expected for the group report: the recipient got it, or WhatsApp refused it. */
export function isFinal(state: DeliveryState): boolean {
  return state === 'failed' || (state !== 'doubtful' && RANK[state] >= RANK.delivered);
}

/** GET /v1/api/forex/submit (docs/calls.md): places the order; resolves with the server's message and the order. */
import { api } from '@meridian/shared';
import type { OrderView } from '@meridian/shared/pure';
import type { SubmitParams } from '../state/ticket-rules';

let seq = 0;
/** A fresh idempotency key: the server answers a repeated key with the order it already placed. */
export function newClientOrderId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  seq += 1;
  return `o${Date.now().toString(36)}${seq}`;
}

/** Sends one order with the caller's key: a retry of the same confirmed order passes the same key. */
export async function submitOrder(
  params: SubmitParams,
  clientOrderId: string,
): Promise<{ msg: string; order: OrderView }> {
  const { msg, data } = await api.getWithMessage(
    '/v1/api/forex/submit',
    { ...params, client_order_id: clientOrderId },
    { spinner: true },
  );
  return { msg, order: data };
}

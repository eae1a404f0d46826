/**
 * Input and answers of the push calls. A subscription is checked whole before the database: the endpoint is an https
 * URL of one of the browsers' push services (PUSH_ENDPOINT_HOSTS: the server never posts anywhere else), and the
 * keys are canonical base64url of exactly the lengths RFC 8291 gives them, `p256dh` a point on P-256.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { PUSH_LIMITS } from '@meridian/shared/pure';
import type { PushKey, PushSubscribed, PushUnsubscribed } from '@meridian/shared/pure';
import { contract } from '../../lib/contract';

/** Whether `host` is one of `allowed` or a subdomain of one. */
export function allowedHost(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((a) => h === a || h.endsWith(`.${a}`));
}

function endpointOk(text: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.hash === '' &&
    allowedHost(url.hostname, allowed)
  );
}

/** Canonical unpadded base64url of exactly `length` bytes. */
function keyBytes(text: string, length: number): Buffer | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.length !== length || bytes.toString('base64url') !== text) return null;
  return bytes;
}

function onCurve(bytes: Buffer): boolean {
  try {
    crypto.ECDH.convertKey(bytes, 'prime256v1', undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}

const requiredText = (max: number) =>
  z.string({ message: 'v.required' }).trim().min(1, { message: 'v.required' }).max(max);

const endpoint = (allowed: readonly string[]) =>
  requiredText(PUSH_LIMITS.endpointMax).refine((v) => endpointOk(v, allowed), { message: 'push.endpoint' });

export const subscribeBody = (allowed: readonly string[]) =>
  z.object({
    endpoint: endpoint(allowed),
    p256dh: requiredText(200).refine(
      (v) => {
        const b = keyBytes(v, PUSH_LIMITS.p256dhBytes);
        return b !== null && b[0] === 0x04 && onCurve(b);
      },
      { message: 'push.key' },
    ),
    auth: requiredText(100).refine((v) => keyBytes(v, PUSH_LIMITS.authBytes) !== null, {
      message: 'push.key',
    }),
  });

/** Unsubscribing takes any endpoint text up to the limit: an old one may predate today's list of push services. */
export const unsubscribeBody = z.object({ endpoint: requiredText(PUSH_LIMITS.endpointMax) });

export const keySchema = contract<PushKey>()(z.strictObject({ public_key: z.string().min(1) }));
export const subscribedSchema = contract<PushSubscribed>()(
  z.strictObject({ devices: z.number().int().min(1).max(PUSH_LIMITS.devicesPerUser) }),
);
export const unsubscribedSchema = contract<PushUnsubscribed>()(
  z.strictObject({ removed: z.union([z.literal(0), z.literal(1)]) }),
);

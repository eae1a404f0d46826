/**
 * A push service for the tests: a local HTTPS server (self-signed certificate for `localhost`, trusted through the
 * agent handed to the app) that records every request and answers with the statuses a test lines up per path
 * (201 when none). A test device: a P-256 key pair and an auth secret, as a browser makes them, that decrypts what
 * it receives by RFC 8291 (aes128gcm, RFC 8188) with node:crypto alone — not with the library under test — and a
 * check of the VAPID signature (RFC 8292) against the server's public key.
 */
import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';

export type PushRequest = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export type FakePushService = {
  origin: string;
  agent: https.Agent;
  requests: PushRequest[];
  /** The next answers for `path`, in order: a status, or a status with headers. */
  answer: (
    path: string,
    ...answers: (number | { status: number; headers: Record<string, string> })[]
  ) => void;
  received: (path: string) => PushRequest[];
  close: () => Promise<void>;
};

export async function startPushService(): Promise<FakePushService> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  const requests: PushRequest[] = [];
  const queued = new Map<string, (number | { status: number; headers: Record<string, string> })[]>();
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const next = queued.get(path)?.shift() ?? 201;
      const { status, headers } = typeof next === 'number' ? { status: next, headers: {} } : next;
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new https.Agent({ ca: pems.cert, keepAlive: false });
  return {
    origin: `https://localhost:${port}`,
    agent,
    requests,
    answer: (path, ...answers) => queued.set(path, [...(queued.get(path) ?? []), ...answers]),
    received: (path) => requests.filter((r) => r.path === path),
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestDevice = {
  /** The form of POST /api/push/subscribe. */
  form: { endpoint: string; p256dh: string; auth: string };
  path: string;
  /** The plaintext of one aes128gcm push body (throws when it does not decrypt). */
  decrypt: (body: Buffer) => string;
};

let devices = 0;

export function testDevice(origin: string): TestDevice {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const uaPublic = ecdh.getPublicKey();
  devices += 1;
  const path = `/push/${devices}-${crypto.randomBytes(6).toString('hex')}`;
  const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
    Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
  return {
    form: {
      endpoint: `${origin}${path}`,
      p256dh: uaPublic.toString('base64url'),
      auth: auth.toString('base64url'),
    },
    path,
    decrypt: (body) => {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const idlen = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idlen);
      const record = body.subarray(21 + idlen);
      // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret.
      const secret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = hkdf(auth, secret, keyInfo, 32);
      const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
      const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 and optional zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Checks the `Authorization: vapid t=<jwt>, k=<key>` header: `k` is `publicKey`, the JWT is ES256-signed by it and
 * names the push service's origin as its audience. Answers the JWT's claims.
 */
export function verifyVapid(
  header: string | string[] | undefined,
  publicKey: string,
  audience: string,
): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(header));
  if (!m) throw new Error(`not a VAPID authorization: ${String(header)}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('the VAPID key is not the server public key');
  const [head, claims, sig] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (c.aud !== audience) throw new Error(`VAPID audience ${c.aud}, expected ${audience}`);
  return c;
}

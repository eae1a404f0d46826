/**
 * An upload has one purpose (uploads/service.ts `claimUpload`): tagged identity, deposit, chat or feedback the first
 * time it is used, never used for another purpose, a deposit proof used once (also under concurrent submits), and the
 * reader's right follows the purpose (finance never reads an identity photo).
 */
import crypto from 'node:crypto';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { ServerMessage } from '@meridian/shared/pure';
import { call, createTestApp, MODES, registerUser } from './helpers';
import type { TestApp } from './helpers';
import { TRON, uploadProof } from './support/funds';
import { createOpsUser } from './support/ops';
import { connect, listen } from './support/ws';

describe.each(MODES)('an upload has one purpose (%s)', (mode) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(mode);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A trader whose identity photos went through the real-name call (then approved), so they may deposit. */
  async function verified() {
    const u = await registerUser(t.app);
    const front = await uploadProof(t.app, u.token);
    const back = await uploadProof(t.app, u.token);
    const kyc = await call(t.app, {
      method: 'POST',
      url: '/api/user_real/real_name',
      token: u.token,
      form: { name: 'Chan Tai Man', card_id: 'A1234567', front_pic: front, reverse_pic: back },
    });
    expect(kyc.body.code).toBe(1);
    await t.app.ctx.db
      .updateTable('real_name')
      .set({ review_status: 2 })
      .where('user_id', '=', u.user.id)
      .execute();
    return { ...u, front, back };
  }
  const deposit = async (token: string, proofImg: string) => {
    const net = (await call(t.app, { method: 'GET', url: '/api/quickCharge/info', token })).body.data[0];
    const qs = new URLSearchParams({ number: '10', proofImg, address: TRON, charge_id: String(net.id) });
    return call(t.app, { method: 'GET', url: `/api/quickCharge/submit?${qs.toString()}`, token });
  };
  const read = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: token } });

  it('an identity photo is no deposit proof, and finance never reads it', async () => {
    const u = await verified();
    const r = await deposit(u.token, u.front);
    expect(r.body.code).toBe(ERROR_CODES.proofInvalid);
    expect(r.body.msg).toMatch(/another use/);
    const finance = await createOpsUser(t.app, ['finance']);
    const compliance = await createOpsUser(t.app, ['compliance']);
    expect((await read(u.front, finance.token)).statusCode).toBe(404);
    expect((await read(u.front, compliance.token)).statusCode).toBe(200);
    expect((await read(u.front, u.token)).statusCode).toBe(200);
  });

  it('a deposit proof proves one deposit, also under concurrent submits; a refused deposit gives it back', async () => {
    const u = await verified();
    const proof = await uploadProof(t.app, u.token);
    // Refused for another reason (an unknown network): the proof is still free.
    const qs = new URLSearchParams({ number: '10', proofImg: proof, address: TRON, charge_id: '9999' });
    const refused = await call(t.app, {
      method: 'GET',
      url: `/api/quickCharge/submit?${qs.toString()}`,
      token: u.token,
    });
    expect(refused.body.code).toBe(ERROR_CODES.chargeChannel);
    expect((await deposit(u.token, proof)).body.code).toBe(1);
    const again = await deposit(u.token, proof);
    expect(again.body.code).toBe(ERROR_CODES.proofUsed);
    expect(again.body.msg).toMatch(/already the proof of another deposit/);

    const fresh = await uploadProof(t.app, u.token);
    const racing = await Promise.all(Array.from({ length: 10 }, () => deposit(u.token, fresh)));
    expect(racing.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(racing.filter((r) => r.body.code === ERROR_CODES.proofUsed)).toHaveLength(9);
    const deposits = await t.app.ctx.db
      .selectFrom('deposits')
      .select('id')
      .where('proof_img', '=', fresh)
      .execute();
    expect(deposits).toHaveLength(1);

    // Finance reads a proof; compliance (identities) and support do not.
    const finance = await createOpsUser(t.app, ['finance']);
    expect((await read(proof, finance.token)).statusCode).toBe(200);
    expect((await read(proof, (await createOpsUser(t.app, ['compliance'])).token)).statusCode).toBe(404);
    expect((await read(proof, (await createOpsUser(t.app, ['support'])).token)).statusCode).toBe(404);
    // A proof is not an identity photo.
    const kyc = await call(t.app, {
      method: 'POST',
      url: '/api/user_real/real_name',
      token: (await registerUser(t.app)).token,
      form: { name: 'Chan Tai Man', card_id: 'A1234567', front_pic: proof, reverse_pic: proof },
    });
    expect(kyc.body.code).not.toBe(1);
  });

  it('a chat image stays a chat image; a proof or an identity photo cannot be sent in the chat or as feedback', async () => {
    const u = await verified();
    const url = await listen(t);
    const c = await connect(url);
    try {
      c.send({ type: 'chat.join', token: u.token });
      await c.next((m) => m.type === 'chat.state');
      const send = async (image: string) => {
        const id = `c${crypto.randomBytes(8).toString('hex')}`;
        c.send({ type: 'chat.send', client_id: id, text: 'look', image });
        return c.next(
          (m: ServerMessage) =>
            (m.type === 'chat.message' && m.message.client_id === id) ||
            (m.type === 'chat.error' && m.client_id === id),
        );
      };
      const picture = await uploadProof(t.app, u.token);
      expect((await send(picture)).type).toBe('chat.message');
      expect((await send(picture)).type).toBe('chat.message'); // the same purpose again is fine
      expect(await send(u.front)).toMatchObject({ type: 'chat.error', code: ERROR_CODES.chatInvalid });
      expect((await deposit(u.token, picture)).body.code).toBe(ERROR_CODES.proofInvalid);
      const feedback = await call(t.app, {
        method: 'POST',
        url: '/api/support/feedback',
        token: u.token,
        form: { topic: 'bug', text: 'see image', image: picture },
      });
      expect(feedback.body.code).toBe(ERROR_CODES.chatInvalid);
      // Support agents read the chat image, not the identity photo.
      const support = await createOpsUser(t.app, ['support']);
      expect((await read(picture, support.token)).statusCode).toBe(200);
      expect((await read(u.front, support.token)).statusCode).toBe(404);
    } finally {
      c.ws.terminate();
    }
  });
});

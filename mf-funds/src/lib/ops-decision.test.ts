import { ApiError } from '@meridian/shared';
import { ERROR_CODES } from '@meridian/shared/pure';
import { decisionRefusal } from './ops-decision';

const refusal = (code: number, msg: string) =>
  new ApiError({ kind: 'server', code, msg, status: 200, data: null });

describe('a refused finance decision', () => {
  it('decided by someone else first: the notice says who and when', () => {
    expect(decisionRefusal(refusal(ERROR_CODES.opsAlreadyDecided, 'Decided by ann at 10:02'))).toEqual({
      notice: 'Decided by ann at 10:02',
    });
  });

  it("any other refusal is an Error carrying the server's sentence", () => {
    const r = decisionRefusal(refusal(1306, 'The account is frozen'));
    expect('error' in r && r.error).toBeInstanceOf(Error);
    expect('error' in r && (r.error as Error).message).toBe('The account is frozen');
  });

  it('what is not a refusal (a network failure) is passed on as it is', () => {
    const failure = new TypeError('Failed to fetch');
    expect(decisionRefusal(failure)).toEqual({ error: failure });
  });
});

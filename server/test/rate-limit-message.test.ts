/** A long wait is said in minutes ("Try again in 557 seconds" read badly). */
import fs from 'node:fs';
import path from 'node:path';
import { rateLimitError } from '../src/lib/limits';

const en = JSON.parse(fs.readFileSync(path.join(__dirname, '../../locales/en/server.json'), 'utf8')) as {
  error: Record<string, string>;
};

it('says seconds under a minute and whole minutes (rounded up) from a minute on', () => {
  expect(rateLimitError(45)).toMatchObject({ code: 1004, key: 'error.rateLimited', params: { seconds: 45 } });
  expect(rateLimitError(557)).toMatchObject({
    code: 1004,
    key: 'error.rateLimitedMinutes',
    params: { minutes: 10 },
    httpStatus: 429,
  });
  expect(rateLimitError(60).params).toEqual({ minutes: 1 });
  expect(en.error.rateLimitedMinutes).toContain('{{minutes}} min');
});

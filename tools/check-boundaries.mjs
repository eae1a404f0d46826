#!/usr/bin/env node
/**
 * Proves the lint boundaries bite: each forbidden import below must be reported by ESLint with the workspace's
 * own config, and each allowed one must pass. Runs in the lint gate, so a loosened rule fails `npm test`.
 */
import { ESLint } from 'eslint';
import { ROOT } from './lib/paths.mjs';

const cases = [
  // [file, code, must fail?]
  ['mf-markets/src/x.ts', "import { x } from '@meridian/mf-orders';", true],
  ['mf-markets/src/x.ts', "import x from '../../mf-orders/src/app/i18n';", true],
  ['mf-markets/src/x.ts', "import { x } from '@meridian/host';", true],
  ['mf-markets/src/x.ts', "import { useNavigate } from 'react-router-dom';", true],
  ['mf-markets/src/x.ts', "import { atom } from 'jotai';", true],
  ['mf-markets/src/x.ts', "import { api } from '@meridian/shared/src/api/client';", true],
  ['mf-markets/src/x.ts', "import { Trans } from 'react-i18next';", true],
  ['shared/src/x.ts', "import { x } from '@meridian/host';", true],
  ['shared/src/x.ts', "import { x } from '@meridian/mf-funds';", true],
  ['host/src/x.ts', "import { x } from '@meridian/mf-markets';", true],
  ['server/src/x.ts', "import { api } from '@meridian/shared';", true],
  ['mf-markets/src/x.ts', "import { api } from '@meridian/shared';", false],
  ['mf-markets/src/x.ts', "import { useTranslation } from 'react-i18next';", false],
  ['server/src/x.ts', "import { ERROR_CODES } from '@meridian/shared/pure';", false],
  ['host/src/x.ts', "import { useNavigate } from 'react-router-dom';", false],
];

const eslint = new ESLint({ cwd: ROOT });
let bad = 0;
for (const [file, code, mustFail] of cases) {
  const [result] = await eslint.lintText(`${code}\nconsole.log(typeof x);\n`, {
    filePath: `${ROOT}/${file}`,
  });
  const hit = result.messages.some((m) => m.ruleId === 'no-restricted-imports');
  if (hit !== mustFail) {
    bad++;
    console.error(`boundary check: ${file}: \`${code}\` should ${mustFail ? 'be refused' : 'pass'}`);
  }
}
if (bad) process.exit(1);
console.log(`[lint] ${cases.length} boundary cases hold`);

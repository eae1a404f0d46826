#!/usr/bin/env node
/**
 * Proves the lint boundaries bite: each forbidden import below must be reported by ESLint with the workspace's own
 * config (by the rule named), each allowed one must pass, an import cycle must be found, and the list of remotes
 * must be written in one place only. Runs in the lint gate, so a loosened rule fails `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ESLint } from 'eslint';
import { REMOTES } from '../config/remotes.mjs';
import { ROOT } from './lib/paths.mjs';

const IMPORTS = 'no-restricted-imports';
const PATHS = 'import-x/no-restricted-paths';

const cases = [
  // [file, code, the rule that must refuse it, or null when it must pass]
  ['mf-markets/src/x.ts', "import { x } from '@meridian/mf-orders';", IMPORTS],
  ['mf-markets/src/x.ts', "import x from '../../mf-orders/src/app/i18n';", IMPORTS],
  ['mf-markets/src/x.ts', "import { x } from '@meridian/host';", IMPORTS],
  ['mf-support/src/x.ts', "import { x } from '@meridian/mf-funds';", IMPORTS],
  ['mf-markets/src/x.ts', "import { useNavigate } from 'react-router-dom';", IMPORTS],
  ['mf-markets/src/x.ts', "import { atom } from 'jotai';", IMPORTS],
  ['mf-markets/src/x.ts', "import { api } from '@meridian/shared/src/api/client';", IMPORTS],
  ['mf-markets/src/x.ts', "import { Trans } from 'react-i18next';", IMPORTS],
  ['shared/src/x.ts', "import { x } from '@meridian/host';", IMPORTS],
  ['shared/src/x.ts', "import { x } from '@meridian/mf-funds';", IMPORTS],
  ['host/src/x.ts', "import { x } from '@meridian/mf-markets';", IMPORTS],
  // The server takes only the pure part of shared.
  ['server/src/x.ts', "import { api } from '@meridian/shared';", IMPORTS],
  ['server/src/x.ts', "import { PagedList } from '@meridian/shared/lists';", IMPORTS],
  ['server/src/x.ts', "import { renderPage } from '@meridian/shared/testing';", IMPORTS],
  ['server/src/x.ts', "import { x } from '@meridian/shared/standalone';", IMPORTS],
  // A server module uses another only through its index.ts.
  ['server/src/modules/trading/x.ts', "import { changeBalance } from '../accounts/repository';", PATHS],
  ['server/src/modules/funds/x.ts', "import { OrderCommands } from '../trading/commands';", PATHS],
  // A front-end feature never imports another feature.
  [
    'mf-markets/src/features/quotes/x.ts',
    "import { checkTicket } from '../ticket/state/ticket-rules';",
    PATHS,
  ],
  [
    'mf-account/src/features/auth/x.ts',
    "import { x } from '../password/components/change-password-form';",
    PATHS,
  ],
  // Inside a front end the layers go one way: app/ → features/ → components/ and lib/.
  ['mf-support/src/features/news/x.ts', "import { NS } from '../../app/i18n';", PATHS],
  [
    'mf-funds/src/lib/x.ts',
    "import { MethodList } from '../features/payout-methods/components/method-list';",
    PATHS,
  ],
  ['mf-support/src/components/x.ts', "import { Inbox } from '../features/inbox/components/inbox';", PATHS],
  ['mf-markets/src/lib/x.ts', "import TradePage from '../app/pages/trade-page';", PATHS],
  // A trader page never imports a back-office feature; an ops page does.
  [
    'mf-funds/src/app/pages/withdraw-page.tsx',
    "import { WithdrawalsQueue } from '../../features/ops-withdrawals/components/withdrawals-queue';",
    PATHS,
  ],
  [
    'mf-account/src/app/pages/user-page.tsx',
    "import { UsersConsole } from '../../features/ops-users/components/users-console';",
    PATHS,
  ],
  [
    'mf-funds/src/app/pages/ops-withdrawals-page.tsx',
    "import { WithdrawalsQueue } from '../../features/ops-withdrawals/components/withdrawals-queue';",
    null,
  ],
  [
    'mf-funds/src/app/pages/withdraw-page.tsx',
    "import { CoinWithdrawForm } from '../../features/withdraw/components/coin-withdraw-form';",
    null,
  ],
  // What stays allowed.
  ['mf-support/src/features/news/x.ts', "import { NS } from '../../lib/ns';", null],
  // A test may render the whole page.
  ['mf-support/src/features/news/x.test.tsx', "import NewsPage from '../../app/pages/news-page';", null],
  ['mf-markets/src/x.ts', "import { api } from '@meridian/shared';", null],
  ['mf-markets/src/x.ts', "import { useTranslation } from 'react-i18next';", null],
  ['server/src/x.ts', "import { ERROR_CODES } from '@meridian/shared/pure';", null],
  ['host/src/x.ts', "import { useNavigate } from 'react-router-dom';", null],
  ['server/src/modules/trading/x.ts', "import { changeBalance } from '../accounts';", null],
  ['server/src/modules/trading/x.ts', "import { orderView } from './views';", null],
  ['mf-markets/src/features/quotes/x.ts', "import { fetchTradeList } from '../../lib/instruments';", null],
];

const eslint = new ESLint({ cwd: ROOT });
let bad = 0;
const fail = (msg) => {
  bad++;
  console.error(`boundary check: ${msg}`);
};

for (const [file, code, rule] of cases) {
  const [result] = await eslint.lintText(`${code}\nconsole.log(typeof x);\n`, {
    filePath: `${ROOT}/${file}`,
  });
  const rules = new Set(result.messages.map((m) => m.ruleId));
  if (rule && !rules.has(rule)) fail(`${file}: \`${code}\` should be refused by ${rule}`);
  const boundaryRules = [IMPORTS, PATHS].filter((r) => rules.has(r));
  if (!rule && boundaryRules.length > 0)
    fail(`${file}: \`${code}\` should pass, refused by ${boundaryRules}`);
}

// An import cycle: two real files (the cycle rule follows imports on disk), removed afterwards.
const probe = path.join(ROOT, 'server/src/__cycle_probe__');
try {
  fs.mkdirSync(probe, { recursive: true });
  fs.writeFileSync(path.join(probe, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
  fs.writeFileSync(path.join(probe, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
  const results = await eslint.lintFiles([path.join(probe, '*.ts')]);
  const found = results.every((r) => r.messages.some((m) => m.ruleId === 'import-x/no-cycle'));
  if (!found) fail('a.ts <-> b.ts should be reported by import-x/no-cycle');
} finally {
  fs.rmSync(probe, { recursive: true, force: true });
}

// The remotes are listed in config/remotes.cjs only: no other tracked source restates the list.
const pair = `['"]${REMOTES[0]}['"],\\s*['"]${REMOTES[1]}['"]`;
const grep = spawnSync(
  'git',
  ['grep', '--untracked', '-lP', pair, '--', '*.ts', '*.tsx', '*.mjs', '*.cjs', '*.js'],
  { cwd: ROOT, encoding: 'utf8' },
);
if (grep.status !== 0 && grep.status !== 1) throw new Error(`git grep failed: ${grep.stderr}`);
const restated = grep.stdout.split('\n').filter((f) => f && f !== 'config/remotes.cjs');
if (restated.length)
  fail(
    `the remote list is restated in ${restated.join(', ')}: import config/remotes.mjs (or require config/remotes.cjs)`,
  );

if (bad) process.exit(1);
console.log(`[lint] ${cases.length} boundary cases, the cycle rule and the one remote list hold`);

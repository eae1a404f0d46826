/**
 * Operations CLI. The only way to create an ops account (there is no default one and no HTTP call for it):
 *
 *   npx tsx src/cli/ops.ts create-admin <email>      (or: pnpm --filter @meridian/server ops create-admin <email>)
 *
 * Uses the same configuration as the server (DATA_DIR / DATABASE_URL ...), applies migrations, and prints the
 * generated password once; only its argon2id hash is stored.
 */
import { z } from 'zod';
import { loadConfig } from '../config';
import { AppError } from '../lib/errors';
import { createOps } from '../modules/accounts';
import { createStorage } from '../storage/db';

const USAGE = 'usage: ops create-admin <email>';

export async function runOps(
  argv: string[],
  out: (s: string) => void = (s) => process.stdout.write(s),
): Promise<number> {
  const [command, emailArg, ...rest] = argv;
  if (command !== 'create-admin' || !emailArg || rest.length > 0) {
    out(`${USAGE}\n`);
    return 2;
  }
  const email = z.string().trim().toLowerCase().pipe(z.email()).safeParse(emailArg);
  if (!email.success) {
    out(`not a valid e-mail address: ${emailArg}\n`);
    return 2;
  }
  const config = loadConfig();
  const storage = createStorage({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
  });
  try {
    await storage.migrate();
    const { password, user } = await createOps({ db: storage.db, now: Date.now }, email.data);
    out(`ops account created: ${user.email} (uid ${user.uid})\n`);
    out(`password (shown once, store it safely): ${password}\n`);
    return 0;
  } catch (err) {
    if (err instanceof AppError && err.key === 'account.exists') {
      out(`an account with this e-mail already exists: ${email.data}\n`);
      return 1;
    }
    throw err;
  } finally {
    await storage.close();
  }
}

if (require.main === module) {
  runOps(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`ops: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}

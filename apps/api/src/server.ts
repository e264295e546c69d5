import { restrictDataDir } from './config/data-dir';
import { assertProductionReady, isDemo, loadEnv, type Env } from './config/env';
import { startApp } from './main';

// Everything this process writes (database, stored files, secrets) is for its own user only.
process.umask(0o077);

let env: Env;
try {
  env = loadEnv();
  assertProductionReady(env);
} catch (err) {
  // A configuration problem: say which variables to set and stop before anything is opened or listened on.
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const dataDir = restrictDataDir(env.DATA_DIR);

const app = await startApp(env);
if (dataDir.changed)
  app.log.info(
    { changed: dataDir.changed },
    `made ${env.DATA_DIR} private to this user (folders 0700, files 0600)`,
  );
if (dataDir.failed.length)
  app.log.warn({ failed: dataDir.failed.slice(0, 20) }, 'could not make some files in DATA_DIR private');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(force);
    process.exit(0);
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(
  `LexServe is running on ${env.PUBLIC_URL} (database: ${app.deps.database.raw.kind}, API docs: ${env.PUBLIC_URL}/api/docs)`,
);
if (!isDemo(env) && !env.SMTP_URL) {
  app.log.warn(
    'SMTP_URL is not set: no e-mail leaves this server (password resets, service on digital service addresses); set SMTP_URL',
  );
}
if (isDemo(env)) {
  app.log.warn(
    'Demo installation: sample data and a payment simulator; not for real cases. ' +
      'For a production start set SEED_DEMO=false, PAYMENT_PROVIDER=payfast, ADMIN_PASSWORD and an https PUBLIC_URL (docs/operations.md).',
  );
}

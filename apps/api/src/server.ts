import { loadEnv } from './config/env';
import { startApp } from './main';

const env = loadEnv();
const app = await startApp(env);

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
app.log.info(`LexServe is running on ${env.PUBLIC_URL} (database: ${app.deps.database.raw.kind}, API docs: ${env.PUBLIC_URL}/api/docs)`);

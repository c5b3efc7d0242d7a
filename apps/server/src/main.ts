import { ConfigError, loadConfig } from './config/env';
import { DataDirLockedError } from './db/data-dir-lock';
import { buildApp } from './app';

/** Starts the server; SIGINT/SIGTERM let in-flight requests finish, then close the database. */
async function main() {
  const config = loadConfig();
  const { app } = await buildApp({ config });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Node closes idle keep-alive sockets once, when closing starts; the sockets of requests still
    // in flight would stay open until keepAliveTimeout (72 s) and hold the exit up that long.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`kaleido: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});

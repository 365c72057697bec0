import { resolve } from 'node:path';
import { inspect } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { createApp } from './app';
import { loadEnv } from './env.server';
import { attachSockets, createServices, followRegistry, openRegistry, startSweepers } from './compose.server';
import { videoConfigProblems } from '#server/platform/video.server';
import { ingestConfig } from '#server/broadcast/ingest/config.server';
import { configureLogging, log } from './observability/log.server';

/** Pending connections the kernel may queue for us (capped by net.core.somaxconn). */
const LISTEN_BACKLOG = 4096;

// The pinned AWS SDK runs on Node 20; its notice about future releases needing Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * A server that will not start: one JSON line for the log pipeline, and the reasons as written on
 * stderr for the person starting it (they quote values, which JSON would escape).
 */
function refuseToStart(reasons: string): never {
  log.error('the server refused to start', { reason: reasons.split('\n')[0] });
  process.stderr.write(`${reasons}\n`);
  process.exit(1);
}

async function main() {
  const env = loadEnv();
  // JSON lines on stdout; a readable form in development on a terminal (docs/decisions/0049).
  configureLogging({ level: env.LOG_LEVEL, nodeEnv: env.NODE_ENV });
  const opened = await openRegistry(env);
  if ('refusal' in opened) refuseToStart(opened.refusal);
  const { registry, live } = opened;
  const videoProblems = videoConfigProblems(env, registry.tenants.values());
  if (videoProblems.length) {
    refuseToStart(`Invalid video configuration:\n${videoProblems.map((p) => `  ${p}`).join('\n')}`);
  }
  try {
    // Live ingest settings (docs/decisions/0029): a malformed one refuses to boot, naming the variable.
    ingestConfig();
  } catch (e) {
    refuseToStart((e as Error).message);
  }
  const services = createServices(env, registry);

  let app;
  if (env.NODE_ENV === 'development') {
    const vite = await import('vite');
    const devServer = await vite.createServer({ server: { middlewareMode: true, hmr: { port: Number(process.env.VITE_HMR_PORT ?? 24678) } } });
    app = createApp({
      env,
      registry,
      services,
      live,
      devMiddleware: devServer.middlewares,
      build: () => devServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
    });
  } else {
    const buildPath = resolve('build/server/index.js');
    const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    app = createApp({ env, registry, services, build, clientDir: resolve('build/client'), live });
  }

  // A whole audience connects within seconds (a page, its requests and a chat socket each): Node's
  // default queue of 511 pending connections overflows and resets some (docs/decisions/0024).
  const server = app.listen(env.PORT, env.HOST, LISTEN_BACKLOG, () => {
    log.info(`server listening on http://localhost:${env.PORT} (${env.NODE_ENV})`);
  });
  server.keepAliveTimeout = 65_000;
  // The chat, captions, dictation and text-to-speech sockets on the same port.
  const sockets = attachSockets(server, { env, registry, services });
  // Room expiry, ticket reminders, unpaid orders and abandoned uploads, swept while the server runs.
  const sweepers = startSweepers(env, registry, services);
  // A published registry: new versions swap in while serving; what they change is read again.
  followRegistry(live, services);

  // Graceful shutdown: stop accepting, let in-flight requests finish, then exit.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: closing server`);
    // Sockets close while in-flight requests finish (chat clients reconnect and resume elsewhere).
    const closed = Promise.allSettled([sweepers.stop(), sockets.close(), live?.stop()]);
    server.close(() => void closed.finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((e) => {
  refuseToStart(inspect(e));
});

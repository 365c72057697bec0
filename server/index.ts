import { resolve } from 'node:path';
import { inspect } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { checkConfig, formatProblem } from './config/check.server';
import { createApp } from './app';
import { attachChatSockets } from '#server/chat/socket.server';
import { attachCaptionSockets } from '#server/speech/captions/socket.server';
import { attachDictationSockets } from './speech/dictation/socket.server';
import { attachTtsSockets } from './speech/tts/socket.server';
import { loadEnv } from './env.server';
import { createServices } from './compose.server';
import { startRoomExpirySweeper } from '#server/rooms/roomExpiry.server';
import { startPendingOrderSweeper } from '#server/commerce/payments/pendingSweeper.server';
import { startUploadSweeper } from './media/uploadSweeper.server';
import { startReminderSweeper } from '#server/commerce/tickets/reminders.server';
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
  // The same checks as `npm run tenants:check`: invalid config never serves traffic.
  const { registry, problems } = checkConfig(env.CONFIG_ROOT, { rootDomain: env.PLATFORM_ROOT_DOMAIN, schemaFiles: false });
  if (problems.length || !registry) {
    refuseToStart(`Invalid tenant or theme configuration:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
  }
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
      devMiddleware: devServer.middlewares,
      build: () => devServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
    });
  } else {
    const buildPath = resolve('build/server/index.js');
    const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    app = createApp({ env, registry, services, build, clientDir: resolve('build/client') });
  }

  // A whole audience connects within seconds (a page, its requests and a chat socket each): Node's
  // default queue of 511 pending connections overflows and resets some (docs/decisions/0024).
  const server = app.listen(env.PORT, env.HOST, LISTEN_BACKLOG, () => {
    log.info(`server listening on http://localhost:${env.PORT} (${env.NODE_ENV})`);
  });
  server.keepAliveTimeout = 65_000;
  // In-event chat sockets on the same port (/ws/chat).
  const chatSockets = attachChatSockets(server, { env, registry, services });
  // Live captions: the speakers' microphones (/ws/captions; docs/decisions/0048).
  const captionSockets = attachCaptionSockets(server, { env, registry, services });
  // Live dictation (/ws/stt): microphone audio to the speech recogniser.
  const dictationSockets = attachDictationSockets(server, { env, registry, services });
  // Text to speech for /browserVoice on the same port (/ws/tts).
  const ttsSockets = attachTtsSockets(server, { env, registry, services });

  // Closes LiveKit rooms of expired events (and removes everyone in them) while the server runs.
  const sweeper = startRoomExpirySweeper({
    db: services.db,
    video: services.video,
    tenants: [...registry.tenants.values()],
    intervalSeconds: env.ROOM_EXPIRY_SWEEP_SECONDS,
  });
  // Reminder mails before events start (server/commerce/tickets/reminders.server.ts); a minute is fine-grained enough for "15 minutes before".
  const reminders = startReminderSweeper({ db: services.db, tenants: [...registry.tenants.values()], env, intervalSeconds: 60 });

  // Cancels orders left unpaid past PENDING_ORDER_MINUTES and gives back their seats and stock.
  const pendingOrders = startPendingOrderSweeper({ db: services.db, stores: services, env, tenants: [...registry.tenants.values()], intervalSeconds: 60 });

  // Ends uploads left unfinished past MEDIA_UPLOAD_ABANDON_MINUTES and gives back their quota reservations.
  const abandonedUploads = startUploadSweeper({ stores: services, env, tenants: [...registry.tenants.values()], intervalSeconds: 60 });

  // Graceful shutdown: stop accepting, let in-flight requests finish, then exit.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: closing server`);
    const swept = Promise.all([sweeper.stop(), pendingOrders.stop(), abandonedUploads.stop(), reminders.stop(), ttsSockets.close()]);
    // Chat sockets close first (1001: clients reconnect and resume elsewhere), then the bus.
    // Captions first: each speaker's last finals still go out through the chat bus.
    const chatClosed = Promise.all([captionSockets.close().then(() => chatSockets.close()).then(() => services.chat.close()), dictationSockets.close()]);
    server.close(() => void Promise.allSettled([swept, chatClosed]).finally(() => process.exit(0)));
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

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { ConfigError, loadRegistryOrThrow } from '../tenants/registry.server';
import { createApp } from './app';
import { loadEnv } from './env.server';
import { createServices } from './services/index.server';

async function main() {
  const env = loadEnv();
  let registry;
  try {
    registry = loadRegistryOrThrow(env.CONFIG_ROOT);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const services = createServices(env, registry);

  let app;
  if (env.NODE_ENV === 'development') {
    const vite = await import('vite');
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
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

  const server = app.listen(env.PORT, env.HOST, () => {
    console.log(`server listening on http://localhost:${env.PORT} (${env.NODE_ENV})`);
  });
  server.keepAliveTimeout = 65_000;

  // Graceful shutdown: stop accepting, let in-flight requests finish, then exit.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing server`);
    server.close(() => process.exit(0));
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
  console.error(e);
  process.exit(1);
});

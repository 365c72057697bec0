// One boot of the production app on a published registry, in a process of its own (bench/registry.ts
// starts it): from the registry's first read to the first page served, the memory it added, and what a
// request costs through tenant resolution afterwards. Prints one JSON line.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { createApp } from '#server/app';
import { createServices, followRegistry, openRegistry } from '#server/compose.server';
import { loadEnv } from '#server/env.server';
import { resolveTenant } from '#server/config/registry.server';

const host = process.argv[2]!;
const rss = () => {
  global.gc?.();
  return process.memoryUsage().rss;
};
const get = (port: number, path: string) =>
  new Promise<number>((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });

const env = loadEnv();
const build = (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild;
const before = rss();
const began = performance.now();
const opened = await openRegistry(env);
if ('refusal' in opened) throw new Error(opened.refusal);
const registryMs = performance.now() - began;
const services = createServices(env, opened.registry);
const server: Server = createServer(createApp({ env, registry: opened.registry, services, build, clientDir: resolve('build/client'), live: opened.live }));
followRegistry(opened.live, services);
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const port = (server.address() as AddressInfo).port;
const status = await get(port, '/');
const bootMs = performance.now() - began;
const tenant = resolveTenant(opened.registry, host, env.PLATFORM_ROOT_DOMAIN)!;
// Tenant resolution and a brand file: what every request pays for the registry's size.
for (let i = 0; i < 200; i++) await get(port, `/brand/${tenant.logo.src}`);
const t = performance.now();
const N = 1000;
for (let i = 0; i < N; i++) await get(port, `/brand/${tenant.logo.src}`);
const perRequestMs = (performance.now() - t) / N;
console.log(JSON.stringify({ tenants: opened.registry.tenants.size, status, registryMs, bootMs, addedMB: (rss() - before) / 1e6, perRequestMs }));
await opened.live?.stop();
server.close();
process.exit(0);

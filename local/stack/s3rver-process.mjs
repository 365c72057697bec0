// s3rver in its own Node process. local/stack/stack.ts forks this file with
// `--openssl-legacy-provider`: s3rver encrypts list continuation tokens with DES, which
// OpenSSL 3 only offers through the legacy provider, so ListObjectsV2 pagination fails without it.
//
// Configuration arrives as JSON in the S3RVER_CONFIG environment variable:
//   { port, address, directory, buckets: [{ name, configs: [xml] }] }
// Messages to the parent (IPC): { type: 'ready', port } or { type: 'error', code, message }.
// The process exits when the parent disconnects (also when the parent dies), so it never
// outlives the stack that started it.
import { setTimeout } from 'node:timers';
import S3rver from 's3rver';
// Objects replaced atomically, as in S3 (see the file).
import './s3rver-atomic.mjs';

const config = JSON.parse(process.env.S3RVER_CONFIG ?? '{}');

const server = new S3rver({
  port: config.port,
  address: config.address ?? '127.0.0.1',
  directory: config.directory,
  silent: true,
  configureBuckets: config.buckets ?? [],
});

let closing = false;
function shutdown(code) {
  if (closing) return;
  closing = true;
  const done = () => process.exit(code);
  if (server.httpServer) {
    server.httpServer.closeAllConnections?.();
    server.close().then(done, done);
  } else done();
  setTimeout(done, 2000).unref();
}

process.on('disconnect', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
process.on('SIGINT', () => shutdown(0));

try {
  const address = await server.run();
  process.send?.({ type: 'ready', port: address.port });
} catch (e) {
  process.send?.({ type: 'error', code: e.code ?? 'ERROR', message: e.message });
  shutdown(1);
}

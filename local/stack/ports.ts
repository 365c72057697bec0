import { createServer } from 'node:net';

export class PortInUseError extends Error {
  constructor(
    public port: number,
    public service: string,
    public envVar?: string,
  ) {
    super(
      `Port ${port} for ${service} is already in use. Stop whatever listens there ` +
        `(see \`ss -ltnp 'sport = :${port}'\`)` +
        (envVar ? ` or choose another port with ${envVar}=<port>.` : '.'),
    );
    this.name = 'PortInUseError';
  }
}

/** Resolves true when nothing listens on the port (any interface, IPv4 or IPv6). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE' || e.code === 'EACCES') resolve(false);
      else reject(e);
    });
    // No host: binds the dual-stack wildcard, which collides with any listener on 127.0.0.1, ::1 or 0.0.0.0.
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function assertPortFree(port: number, service: string, envVar?: string): Promise<void> {
  if (!(await isPortFree(port))) throw new PortInUseError(port, service, envVar);
}

/** A port the kernel considers free right now (there is a small race until someone binds it). */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function parsePort(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number (1-65535), got "${value}"`);
  return port;
}

/**
 * Request bodies, read once for every route before anything else looks at them:
 *
 *  - capped per path (app/route-table.js `maxBodyBytes`, else the default): a larger
 *    Content-Length is refused with 413 before a byte is read; a chunked body is refused once it
 *    passes the cap;
 *  - read completely (bodies are small), so a route that answers without reading (a CSRF refusal,
 *    a screen without an action, a GET that carries a body) never leaves unread bytes in front of
 *    the next request on a keep-alive connection;
 *  - after a 413, the rest of the body is still read and thrown away, up to a drain budget, so the
 *    client sees the answer and the connection keeps serving; past the budget the connection is
 *    closed.
 */
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Past this many bytes of a refused body the connection is closed instead of drained. */
export const DRAIN_BYTES = 8 * 1024 * 1024;

const bodies = new WeakMap<IncomingMessage, Buffer<ArrayBuffer>>();

/** The request's whole body as read by readBodies (undefined: the request had none). */
export function requestBody(req: IncomingMessage): Buffer<ArrayBuffer> | undefined {
  return bodies.get(req);
}

export interface BodyOptions {
  /** The cap, in bytes, for a request path. */
  limitFor: (path: string) => number;
  /** Sends the 413 (its shape and language are the app's business). */
  refuse: (req: Request, res: Response, limit: number) => void;
  drainBytes?: number;
}

const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;

/** Reads and discards what is left of a refused body; closes the connection past the budget. */
function drain(req: IncomingMessage, alreadyRead: number, budget: number) {
  let seen = alreadyRead;
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > budget) req.socket.destroy();
  });
  req.resume();
}

export function readBodies(options: BodyOptions): RequestHandler {
  const budget = options.drainBytes ?? DRAIN_BYTES;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const limit = options.limitFor(req.path);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      // Told up front: refuse before reading. A body beyond the drain budget is not waited for.
      if (declared > budget) res.setHeader('Connection', 'close');
      options.refuse(req, res, limit);
      drain(req, 0, budget);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      refused = true;
      chunks.length = 0;
      req.off('data', onData);
      options.refuse(req, res, limit);
      drain(req, size, budget);
    };
    req.on('data', onData);
    req.once('end', () => {
      if (refused) return;
      bodies.set(req, Buffer.concat(chunks, size));
      next();
    });
    // An aborted upload: nobody is left to answer.
    req.once('error', () => req.socket?.destroy());
  };
}

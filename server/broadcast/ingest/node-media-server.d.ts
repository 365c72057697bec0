// The part of node-media-server 4.4.3's API the ingest worker uses (the package ships no types).
declare module 'node-media-server' {
  import type { Socket } from 'node:net';
  export interface NmsSession {
    id: string;
    ip: string;
    streamApp: string;
    streamName: string;
    streamPath: string;
    socket?: Socket;
    close(): void;
  }
  export default class NodeMediaServer {
    constructor(config: Record<string, unknown>);
    on(event: 'prePublish' | 'postPublish' | 'donePublish' | 'prePlay' | 'postPlay' | 'donePlay', listener: (session: NmsSession) => void): void;
    run(): Promise<void>;
    stop(): Promise<void>;
  }
}
declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string };
  export default logger;
}

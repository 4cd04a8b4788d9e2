/**
 * Connections to the Redis server of a distributed run. BullMQ keeps its own connections (and retries
 * them); these helpers make sure a server that is not there, or goes away, ends the command with a
 * message naming it instead of a hang or a stack trace.
 */
import type { RedisOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { QueueAddress } from './url.js';

/** The Redis server could not be reached, or was lost: exit code 1, the message names it (no password). */
export class QueueUnreachable extends Error {
  constructor(
    readonly shown: string,
    why: string,
  ) {
    // A server that answers in another protocol (a web server) is there, but is not Redis.
    super(why === NOT_REDIS ? `the server at ${shown} does not speak Redis (is that the port of another service?)` : `cannot reach Redis at ${shown}: ${why}`);
    this.name = 'QueueUnreachable';
  }
}

/** How long a lost server is waited for before the command gives up: about this many seconds. */
export const RECONNECT_SECONDS = 10;

/** Options of BullMQ's connections: retried while the watcher (watchServer) waits for the server. */
export function connectionOptions(a: QueueAddress): RedisOptions {
  return {
    host: a.host,
    port: a.port,
    db: a.db,
    ...(a.username ? { username: a.username } : {}),
    ...(a.password ? { password: a.password } : {}),
    // BullMQ's blocking commands need it; a lost server is the watcher's to report.
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(200 * times, 1000),
  };
}

/** What `why` says of a reply that is not Redis's protocol (ioredis: 'Protocol error, got "<" as reply type byte'). */
const NOT_REDIS = 'not Redis';

function why(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'ECONNREFUSED') return 'connection refused (is redis-server running there?)';
  if (err?.code === 'ENOTFOUND' || err?.code === 'EAI_AGAIN') return 'no such host';
  const msg = err instanceof Error ? err.message : String(e);
  if (/^Protocol error, got /.test(msg)) return NOT_REDIS;
  if (/NOAUTH|WRONGPASS|invalid password/i.test(msg)) return 'the server wants a password, or another one (give it in the URL or REDIS_PASSWORD)';
  return msg;
}

/** Connect once, without retrying, and PING: a server that is not there is said at once. */
export async function checkServer(a: QueueAddress): Promise<void> {
  const client = new Redis({ ...connectionOptions(a), lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 5000 });
  // The socket's own error (ECONNREFUSED) says more than the rejection ("Connection is closed").
  let first: unknown = null;
  client.on('error', (e) => {
    first ??= e;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    throw new QueueUnreachable(a.shown, why(first ?? e));
  } finally {
    client.disconnect();
  }
}

/**
 * A connection that only watches the server: `lost` is called once if it goes away and does not come
 * back within about RECONNECT_SECONDS. Close it with `disconnect()`.
 */
export function watchServer(a: QueueAddress, lost: (e: QueueUnreachable) => void): Redis {
  let last: unknown = null;
  const client = new Redis({ ...connectionOptions(a), retryStrategy: (times: number) => (times > 2 * RECONNECT_SECONDS ? null : 500) });
  client.on('error', (e) => {
    last = e;
  });
  client.on('end', () => lost(new QueueUnreachable(a.shown, `lost the connection and could not get it back${last ? ` (${why(last)})` : ''}`)));
  return client;
}

/** A promise that settles within `ms` whatever `p` does (closing connections to a server that is gone). */
export function atMost(p: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    p.then(
      () => {
        clearTimeout(t);
        resolve();
      },
      () => {
        clearTimeout(t);
        resolve();
      },
    );
  });
}

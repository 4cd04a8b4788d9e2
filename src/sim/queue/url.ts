/**
 * The address of the Redis server a distributed run goes through (`--queue redis://HOST:PORT/DB`).
 * A password comes with the URL (`redis://:secret@host:6379/0`) or from REDIS_PASSWORD, and is never
 * shown: messages name the server by `shown`, the URL without its password.
 */
import { UsageError } from '../../core/errors.js';

export interface QueueAddress {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  /** The URL as messages show it: no password. */
  shown: string;
}

const DEFAULT_PORT = 6379;

/** Read `--queue`; `env` supplies REDIS_PASSWORD when the URL has none. */
export function parseQueueUrl(text: string, env: Readonly<Record<string, string | undefined>> = {}): QueueAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--queue: '${hidePassword(text)}' is not a URL; expected redis://HOST:PORT/DB`);
  }
  if (url.protocol !== 'redis:') throw new UsageError(`--queue: expected a redis:// URL, not ${url.protocol}// (TLS is not supported: keep Redis on a private network)`);
  if (!url.hostname) throw new UsageError('--queue: the URL names no host; expected redis://HOST:PORT/DB');
  const port = url.port === '' ? DEFAULT_PORT : Number(url.port);
  const path = url.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : Number(path);
  if (!Number.isInteger(db) || db < 0 || db > 15 || !/^\d*$/.test(path)) throw new UsageError(`--queue: the database '${path}' is not a number from 0 to 15`);
  if (url.search || url.hash) throw new UsageError('--queue: the URL takes no query or fragment; give the password as redis://:PASSWORD@HOST:PORT/DB or in REDIS_PASSWORD');
  const password = url.password ? decodeURIComponent(url.password) : env.REDIS_PASSWORD || undefined;
  const username = url.username ? decodeURIComponent(url.username) : undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const shown = `redis://${url.hostname}:${port}/${db}`;
  return { host, port, db, ...(username ? { username } : {}), ...(password ? { password } : {}), shown };
}

/** The URL with any password replaced, for a message about a URL that could not be read. */
export function hidePassword(text: string): string {
  return text.replace(/^(\w+:\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

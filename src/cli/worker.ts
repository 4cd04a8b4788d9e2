/**
 * `volley worker --queue URL`: serve a distributed run's queue on this machine (src/sim/queue/worker.ts)
 * until Ctrl-C or SIGTERM; the jobs under way finish first.
 */
import { availableParallelism } from 'node:os';
import type { CommandModule } from 'yargs';
import { UsageError } from '../core/errors.js';
import { parseQueueUrl } from '../sim/queue/url.js';
import { CliExit } from './exit.js';
import { counted } from '../report/words.js';

interface WorkerArgs {
  queue: string;
  concurrency?: number;
  quiet: boolean;
}

export const workerCommand: CommandModule<object, WorkerArgs> = {
  command: 'worker',
  describe: 'Play the batches of runs queued with volley run --queue, on this machine, until stopped',
  builder: (y) =>
    y
      .option('queue', { type: 'string', demandOption: true, describe: 'The Redis queue: redis://HOST:PORT/DB, a password in the URL or REDIS_PASSWORD' })
      .option('concurrency', { alias: 'c', type: 'number', describe: 'Batches played at once, each on a thread of its own (default: cores)' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'Log nothing but errors' }) as never,
  handler: async (argv) => {
    const address = parseQueueUrl(argv.queue, process.env);
    const concurrency = argv.concurrency ?? availableParallelism();
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError('--concurrency: expected a whole number of 1 or more');
    const { serveQueue } = await import('../sim/queue/worker.js');
    const stop = new AbortController();
    const onSignal = () => {
      if (stop.signal.aborted) process.exit(130);
      process.stderr.write('volley worker: stopping once the batches under way are handed in (again to quit at once)\n');
      stop.abort();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    const log = (line: string) => {
      if (!argv.quiet || /refused|failed/.test(line)) process.stderr.write(`volley worker: ${line}\n`);
    };
    try {
      const { batches } = await serveQueue(address, { concurrency, signal: stop.signal, log });
      log(`stopped after ${counted(batches, 'batch', 'batches')}`);
    } catch (e) {
      if (e instanceof Error && e.name === 'QueueUnreachable') throw new CliExit(e.message, 1);
      throw e;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  },
};

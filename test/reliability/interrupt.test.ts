/**
 * Ctrl-C in a command that plays but keeps no checkpoint (volley tournament): the play stops between
 * batches, the output folder is released (no lock left behind) with nothing half written, and the
 * command says so and exits 130 (DESIGN.md, "Reliability").
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sleep, startVolley, tmp, waitFor } from './cli.js';

describe('Ctrl-C in volley tournament', () => {
  it('stops the play, leaves no lock and no file, says nothing is written and exits 130', async () => {
    const out = join(tmp(), 'tournament');
    // Slow batches in the worker (the test hook of src/sim/engine/worker.ts): the play lasts seconds.
    const run = startVolley(['tournament', 'sims/nagb/meeting.scenario.yaml', '-n', '4000', '-w', '1', '--out', out], { VOLLEY_FAULT: 'delay:ms=25' });
    // Once the folder is claimed the Ctrl-C handler is in place (src/cli/tournament.ts): a loaded
    // machine may take longer than a fixed wait to get there, and a SIGINT before it kills outright.
    await waitFor(() => existsSync(out), 20_000, 'the tournament folder claimed');
    await sleep(500);
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('volley: interrupted: nothing is written (a tournament is played whole; run it again)');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  }, 30_000);
});

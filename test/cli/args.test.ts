/** The command-line values every command reads the same way (src/cli/args.ts). */
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import yargs from 'yargs';
import { outputFolder, refuseRepeatedOptions, seedArg, skipHelpCache, workersArg } from '../../src/cli/args.js';
import { UsageError } from '../../src/core/errors.js';
import { makeFolder } from '../../src/results/files.js';

describe('seedArg', () => {
  it('keeps a whole number a number, anything else text, and refuses nothing at all', () => {
    expect(seedArg(undefined)).toBeUndefined();
    expect(seedArg('1815')).toBe(1815);
    expect(seedArg('-3')).toBe(-3);
    expect(seedArg('ligny')).toBe('ligny');
    expect(seedArg('1.5')).toBe('1.5');
    expect(() => seedArg('')).toThrow(UsageError);
    expect(() => seedArg('  ')).toThrow(/--seed: expected a number or a word, found nothing/);
  });
});

describe('workersArg', () => {
  it('takes a whole number of 0 or more, the cores when not given', () => {
    expect(workersArg(0, true, 4)).toBe(0);
    expect(workersArg(3, true, 4)).toBe(3);
    expect(workersArg(undefined, true, 4)).toBe(4);
    expect(workersArg(undefined)).toBeGreaterThanOrEqual(1);
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => workersArg(bad)).toThrow(/--workers: expected a whole number of 0 or more/);
  });

  it('never more than the cores: 500 on 4 cores is 4 (-w 500 took 5.4 GB)', () => {
    expect(workersArg(500, true, 4)).toBe(4);
    expect(workersArg(5, true, 4)).toBe(4);
    expect(workersArg(4, true, 4)).toBe(4);
  });
});

describe('refuseRepeatedOptions', () => {
  it('takes one value given twice once, and names the long flag of two different values', () => {
    const same: Record<string, unknown> = { _: ['run'], n: [5, 5], engagements: [5, 5], quiet: [true, true] };
    refuseRepeatedOptions(same, []);
    expect(same).toEqual({ _: ['run'], n: 5, engagements: 5, quiet: true });
    expect(() => refuseRepeatedOptions({ _: [], n: [5, 6], engagements: [5, 6] }, [])).toThrow(/^--engagements given more than once \(5, 6\); give it once$/);
    expect(() => refuseRepeatedOptions({ _: [], o: ['a', 'b'] }, [])).toThrow(/^-o given more than once \(a, b\)/);
  });

  it('leaves options declared as arrays alone', () => {
    const argv: Record<string, unknown> = { _: ['refit', 'check'], scenario: ['a.yaml', 'b.yaml'] };
    refuseRepeatedOptions(argv, ['scenario']);
    expect(argv.scenario).toEqual(['a.yaml', 'b.yaml']);
  });
});

describe('makeFolder and outputFolder', () => {
  const base = () => mkdtempSync(join(tmpdir(), 'volley-args-'));

  it('makes every missing level, and accepts a folder that is there', () => {
    const d = join(base(), 'a', 'b', 'c');
    makeFolder(d);
    expect(statSync(d).isDirectory()).toBe(true);
    makeFolder(d);
    expect(outputFolder(d)).toBe(d);
  });

  it('refuses a file, or a folder under one, naming the file, and makes nothing', () => {
    const b = base();
    const file = join(b, 'f');
    writeFileSync(file, '');
    expect(() => outputFolder(file)).toThrow(new RegExp(`^--out: ${file} is a file, not a folder; choose another --out$`));
    expect(() => outputFolder(join(file, 'x', 'y'), '--to')).toThrow(new RegExp(`^--to: cannot make folder ${file}/x/y: ${file} is a file; choose another --to$`));
    expect(existsSync(join(b, 'x'))).toBe(false);
  });
});

describe('skipHelpCache', () => {
  const cli = () =>
    yargs([])
      .scriptName('volley')
      .command('go <file>', 'Go somewhere', (y) => y.positional('file', { type: 'string', describe: 'where' }).option('far', { type: 'number', describe: 'how far' }), () => {})
      .help()
      .exitProcess(false);
  const usage = (y: object) => (y as { getInternalMethods(): { getUsageInstance(): { hasCachedHelpMessage(): boolean } } }).getInternalMethods().getUsageInstance();

  it('yargs keeps a rendered help page after running a command, unless told not to', async () => {
    const plain = cli();
    await plain.parseAsync(['go', 'x']);
    expect(usage(plain).hasCachedHelpMessage()).toBe(true);
    const quick = cli();
    expect(skipHelpCache(quick)).toBe(true);
    await quick.parseAsync(['go', 'x']);
    expect(usage(quick).hasCachedHelpMessage()).toBe(false);
  });

  it('leaves --help as it was', async () => {
    const page = async (y: ReturnType<typeof cli>) => {
      let text = '';
      await y.parseAsync(['go', '--help'], {}, (_e, _argv, output) => {
        text = output;
      });
      return text;
    };
    const quick = cli();
    skipHelpCache(quick);
    expect(await page(quick)).toBe(await page(cli()));
    expect(await page(quick)).toMatch(/--far +how far/);
  });

  it('leaves an object without the hook alone', () => {
    expect(skipHelpCache({})).toBe(false);
  });
});

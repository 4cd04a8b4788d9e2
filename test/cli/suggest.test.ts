/**
 * "Did you mean" where names are given (fields, options, flags, rule systems, doctrines) and numbers
 * refused by name; the suggestion itself is test/core/suggest.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flagName, givenText, refuseNotANumber, unknownArgumentHints } from '../../src/cli/args.js';
import { resolveOptions } from '../../src/core/ruleset.js';
import { findRuleset } from '../../src/rules/index.js';
import { validateFile } from '../../src/scenario/validate.js';
import { keysAt } from '../../src/scenario/schemaKeys.js';
import { scenarioSchema } from '../../src/scenario/schema.js';
import { prepareTournament } from '../../src/sim/studies/tournament.js';

const ALIASES = { engagements: ['n'], workers: ['w'], precision: [] as string[] };

describe('numbers refused by name', () => {
  it("names the flag and the text given: -n (--engagements) must be a whole number, got 'abc'", () => {
    const argv = { engagements: Number.NaN, n: Number.NaN };
    expect(() => refuseNotANumber(argv, ['run', 'f.yaml', '-n', 'abc'], ['engagements', 'n'], ALIASES)).toThrow("-n (--engagements) must be a whole number, got 'abc'");
    expect(() => refuseNotANumber(argv, ['run', 'f.yaml', '--engagements=1k'], ['engagements', 'n'], ALIASES)).toThrow("-n (--engagements) must be a whole number, got '1k'");
  });

  it('says "a number" of a fraction (--precision), and "nothing" when no text was given', () => {
    expect(() => refuseNotANumber({ precision: Number.NaN }, ['--precision', 'x'], ['precision'], ALIASES)).toThrow("--precision must be a number, got 'x'");
    expect(() => refuseNotANumber({ workers: Number.NaN }, ['-w'], ['workers'], ALIASES)).toThrow('-w (--workers) must be a whole number, got nothing');
  });

  it('refuses an empty value, which yargs reads as 0: --engagements= and -n \'\'', () => {
    const argv = { engagements: 0, n: 0 };
    expect(() => refuseNotANumber(argv, ['run', 'f.yaml', '--engagements='], ['engagements', 'n'], ALIASES)).toThrow('-n (--engagements) must be a whole number, got nothing');
    expect(() => refuseNotANumber(argv, ['run', 'f.yaml', '-n', ''], ['engagements', 'n'], ALIASES)).toThrow('-n (--engagements) must be a whole number, got nothing');
    // A 0 written as such is a number: refused later by its range, as 0.
    expect(() => refuseNotANumber(argv, ['run', 'f.yaml', '-n', '0'], ['engagements', 'n'], ALIASES)).not.toThrow();
  });

  it('leaves numbers alone, and options not given', () => {
    expect(() => refuseNotANumber({ engagements: 5, workers: undefined }, ['-n', '5'], ['engagements', 'workers'], ALIASES)).not.toThrow();
  });

  it('reads the text of every way of writing a flag', () => {
    expect(givenText(['-n', '12'], 'engagements', ['n'])).toBe('12');
    expect(givenText(['-nabc'], 'engagements', ['n'])).toBe('abc');
    expect(givenText(['--engagements', 'x'], 'engagements', ['n'])).toBe('x');
    expect(givenText(['--', '-n', 'x'], 'engagements', ['n'])).toBeUndefined();
    expect(flagName('seed', {})).toBe('--seed');
  });
});

describe('unknown flags and commands', () => {
  const options = ['help', 'version', 'engagements', 'n', 'seed', 'max-engagements', 'maxEngagements'];
  const commands = ['run', 'trace', 'tournament', 'tune'];

  it('suggests the nearest option of a misspelt flag', () => {
    expect(unknownArgumentHints('Unknown argument: engagments', ['run', 'f', '--engagments', '5'], options, commands)).toBe('; --engagments: did you mean --engagements?');
    expect(unknownArgumentHints('Unknown argument: sede', ['run', 'f', '--sede=3'], options, commands)).toBe('; --sede: did you mean --seed?');
  });

  it('suggests the nearest command of a misspelt command, and nothing for a word near nothing', () => {
    expect(unknownArgumentHints('Unknown arguments: rnu, f.yaml', ['rnu', 'f.yaml'], options, commands)).toBe("; 'rnu': did you mean 'run'?");
    expect(unknownArgumentHints('Unknown argument: --zzzzzz', ['run', '--zzzzzz'], options, commands)).toBe('');
    expect(unknownArgumentHints('Not enough arguments', [], options, commands)).toBe('');
    expect(unknownArgumentHints('Unknown argument: b=2', ['run', 'f', '--set', 'a=1', 'b=2'], options, commands)).toBe("; 'b=2': give each PATH=VALUE its own --set (--set b=2)");
  });
});

describe('unknown names in files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'volley-suggest-'));
  let files = 0;
  const scenario = (body: string) => {
    const f = join(dir, `s${files++}.yaml`);
    writeFileSync(f, body);
    return f;
  };
  const assault = (unit: string, extra = '') =>
    `kind: scenario\nname: x\nruleset: aor\n${extra}engagement: assault\nattacker:\n  name: A\n  stacks:\n    - hexside: 0\n      units: [{ id: a, strength: 6 }]\ndefender:\n  name: D\n  units: [{ id: d, strength: 6, ${unit} }]\n`;

  it("suggests the field of the rule system's own schema: moral is morale", () => {
    expect(() => validateFile(scenario(assault('moral: 4')))).toThrow(/defender\.units\[0\]\.moral: unknown field 'moral'; did you mean 'morale'\?/);
  });

  it('suggests an option of the rule system: aor.hitAlocation is aor.hitAllocation', () => {
    expect(() => validateFile(scenario(assault('morale: 4', 'options:\n  aor.hitAlocation: rotate\n')))).toThrow(/unknown option 'aor\.hitAlocation' \(see '[^']*rulesets'\); did you mean 'aor\.hitAllocation'\?/);
    expect(() => resolveOptions(findRuleset('aor')!.options, { 'aor.hitAlocation': 'x' })).toThrow(/did you mean 'aor\.hitAllocation'\?$/);
  });

  it('suggests the rule system of a name that differs only in case', () => {
    expect(() => validateFile(scenario(assault('morale: 4').replace('ruleset: aor', 'ruleset: AoR')))).toThrow(/found 'AoR'; did you mean 'aor'\?/);
  });

  it('names the value a field cannot take, and the one it nearly is: a formation attackColum is attackColumn', () => {
    const nagb = readFileSync('sims/nagb/common-a-village.scenario.yaml', 'utf8');
    const typo = scenario(nagb.replace('formation: attackColumn, front: 16, offset: -5', 'formation: attackColum, front: 16, offset: -5'));
    const line = nagb.split('\n').findIndex((l) => l.includes('formation: attackColumn, front: 16, offset: -5')) + 1;
    expect(() => validateFile(typo)).toThrow(new RegExp(`:${line}: sides`));
    expect(() => validateFile(typo)).toThrow(/: sides\[0\]\.brigades\[0\]\.units\[0\]\.formation: expected one of "line", "attackColumn", .*, found a string "attackColum"; did you mean 'attackColumn'\?$/);
    // A value near none of them, or not a string, is named without a guess.
    expect(() => validateFile(scenario(nagb.replace('formation: attackColumn, front: 16, offset: -5', 'formation: wedge, front: 16, offset: -5')))).toThrow(/found a string "wedge"$/);
    expect(() => validateFile(scenario(nagb.replace('formation: attackColumn, front: 16, offset: -5', 'formation: 3, front: 16, offset: -5')))).toThrow(/found a number 3$/);
    // An empty value is nothing, not "nothing null".
    expect(() => validateFile(scenario(nagb.replace('formation: attackColumn, front: 16, offset: -5', 'formation: , front: 16, offset: -5')))).toThrow(/", found nothing$/);
  });

  it('offers the fields of the alternative the data is, not those of another rule system', () => {
    const keys = keysAt(scenarioSchema, { kind: 'scenario', ruleset: 'aor', engagement: 'assault' }, []);
    expect(keys).toContain('attacker');
    expect(keys).toContain('defender');
    // A battle's fields are not an assault's.
    expect(keys).not.toContain('map');
  });

  it('suggests a doctrine of the rule system (--doctrines)', () => {
    expect(() => prepareTournament({ file: 'sims/village-assault.scenario.yaml', doctrines: ['careful', 'agressive'], engagements: 10, seed: 1, workers: 0 })).toThrow(/unknown doctrine 'agressive'.*did you mean 'aggressive'\?/);
  });
});

// In this process (./here.ts), but the version (the build's) and the locale (Node reads LANG as it starts).
describe('the command line as a user meets it', () => {
  it('suggests the flag meant and names a flag given text for a number (exit code 2)', async () => {
    const { volleyHere } = await import('./here.js');
    const flag = await volleyHere(['run', 'sims/town-assault.scenario.yaml', '--engagments', '5']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/Unknown argument: engagments; --engagments: did you mean --engagements\?/);
    const number = await volleyHere(['run', 'sims/town-assault.scenario.yaml', '-n', 'abc']);
    expect(number.code).toBe(2);
    expect(number.stderr).toBe("volley: -n (--engagements) must be a whole number, got 'abc'\n");
  });

  it('names every command when none is given, calls an unknown first word an unknown command (with the near one), and gives its version anywhere', async () => {
    const { volleyHere } = await import('./here.js');
    const none = await volleyHere([]);
    expect(none.code).toBe(2);
    expect(none.stderr.split('\n')[0]).toBe('volley: name a command: run, report, odds, rulesets, validate, schema, trace, tournament, refit, tune or worker');
    const typo = await volleyHere(['rnu', 'sims/town-assault.scenario.yaml']);
    expect(typo.code).toBe(2);
    expect(typo.stderr.split('\n')[0]).toBe("volley: unknown command 'rnu': one of run, report, odds, rulesets, validate, schema, trace, tournament, refit, tune or worker; 'rnu': did you mean 'run'?");
    expect((await volleyHere(['refit', 'bogus'])).stderr.split('\n')[0]).toBe("volley: unknown refit command 'bogus': one of check");
    const noFile = await volleyHere(['run']);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr.split('\n')[0]).toBe('volley: missing <file>: volley run <file>');
    expect((await volleyHere(['refit', 'check'])).stderr.split('\n')[0]).toBe('volley: missing <refit>: volley refit check <refit>');
    // Outside the checkout too (yargs looked for package.json from the working folder); the built
    // program, whose version names its build.
    const { volley } = await import('./volley.js');
    const version = volley(['--version'], tmpdir());
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+( \(build [0-9a-f]{12}\))?\n$/);
  });

  it('speaks English under another locale, so the hint is still found (yargs would answer in German)', async () => {
    const { volley } = await import('./volley.js');
    const r = volley(['run', 'sims/town-assault.scenario.yaml', '--engagments', '5'], process.cwd(), { LC_ALL: 'de_DE.UTF-8', LANG: 'de_DE.UTF-8' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Unknown argument: engagments; --engagments: did you mean --engagements\?/);
  });
});

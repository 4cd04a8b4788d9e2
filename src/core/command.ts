/**
 * How a command is written wherever volley prints one for the user to paste (a replay, a resume, a
 * listing): `npm run volley -- trace FILE ...` runs in any clone after a build, as the README's commands
 * do; a plain `volley` exists only after `npm link`.
 */
export const VOLLEY_COMMAND = 'npm run volley --';

/** The command line of a volley command, ready to paste: `volleyCommand('rulesets aor')`. */
export const volleyCommand = (args: string): string => `${VOLLEY_COMMAND} ${args}`;

/** A word of a shell command line, quoted when it needs to be ('a b' stays one word). */
export const shellWord = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

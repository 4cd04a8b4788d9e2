/** Names of volley files: a scenario's, an experiment's or a refit's `name` names its report folder. */
import { z } from 'zod';

/** Most characters of a file's name: it names the default report folder (reports/<name>-trace-c0-e12). */
export const MAX_NAME_LENGTH = 100;

/** The `name` of a scenario, experiment or refit: lower case with dashes, short enough to name a folder. */
export const shortName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'expected a lower-case name with dashes')
  .max(MAX_NAME_LENGTH, `expected at most ${MAX_NAME_LENGTH} characters (it names the report folder)`)
  .describe('Short name.');

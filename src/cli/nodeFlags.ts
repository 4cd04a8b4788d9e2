/**
 * The flags Node runs the command line with: the shebang of src/cli/main.ts and the `start` and
 * `volley` scripts of package.json give them (test/cli/nodeFlags.test.ts holds the three together),
 * and the benchmarks start the command with them, as a user's does.
 *
 * `--max-semi-space-size=8` (MiB): V8's young generation, which otherwise grows to 16 MiB a semi-space
 * while the report's charts are laid out, is a good part of a command's peak memory. Bounded at 8, the
 * default study as `npm start` runs it peaked at 201-224 MiB (median 209, 5 fresh processes) against
 * 219-239 (median 223), and the corps battle with its report at 222-243 (238) against 242-266 (255);
 * the corps battle played 1% slower in one thread (median of 5: 3.56 s against 3.53 s for 2,000
 * engagements). A bound of 4 took 8-16 MiB more off for 3% of speed (benchmarks/analysis.md).
 */
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

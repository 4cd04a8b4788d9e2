/**
 * CPU profiles as `node --cpu-prof` writes them, read back: where a workload spends its time, as each
 * function's share of the samples taken while a named function (the measured part) was on the stack.
 * Shares are robust to other load on the machine in a way rates are not. Self time is the function's
 * own, including whatever V8 inlined into it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProfileRow {
  /** function (file:line) */
  where: string;
  /** Share of the measured samples spent in the function itself. */
  self: number;
  /** Share of the measured samples with the function anywhere on the stack. */
  total: number;
}

export interface Profile {
  /** The functions with the most self time. */
  top: ProfileRow[];
  /** For each name asked for: the share of samples with a function of that name on the stack. */
  phases: { name: string; total: number }[];
}

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

function label(n: CpuNode): string {
  const f = n.callFrame;
  const url = f.url.replace(/^file:\/\//, '');
  const at = url.includes('/dist/') ? url.slice(url.indexOf('/dist/') + 6).replace(/\.js$/, '.ts') : url || 'native';
  return `${f.functionName || '(anonymous)'} (${at}${f.url ? `:${f.lineNumber + 1}` : ''})`;
}

/** Read a .cpuprofile: only samples with a function named `root` on the stack count. */
export function readProfile(path: string, root: string, phases: readonly string[] = [], top = 12): Profile {
  const p = JSON.parse(readFileSync(path, 'utf8')) as { nodes: CpuNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const byName = new Map<string, number>();
  let all = 0;
  for (let i = 0; i < p.samples.length; i++) {
    // A sample's time is the delta to the next one.
    const dt = p.timeDeltas[i + 1] ?? 0;
    const leaf = byId.get(p.samples[i])!;
    const stack: CpuNode[] = [];
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) stack.push(byId.get(id)!);
    // The collector runs outside any JS stack; it counts when it interrupts the measured part.
    const gc = leaf.callFrame.functionName === '(garbage collector)';
    if (!gc && !stack.some((n) => n.callFrame.functionName === root)) continue;
    all += dt;
    const k = label(leaf);
    self.set(k, (self.get(k) ?? 0) + dt);
    const seen = new Set<string>();
    for (const n of stack) {
      const key = label(n);
      if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + dt);
      seen.add(key);
    }
    for (const name of new Set(stack.map((n) => n.callFrame.functionName))) byName.set(name, (byName.get(name) ?? 0) + dt);
  }
  const rows = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([where, t]) => ({ where, self: t / all, total: (total.get(where) ?? t) / all }));
  return { top: rows, phases: phases.map((name) => ({ name, total: (byName.get(name) ?? 0) / all })) };
}

/** `node --cpu-prof dist/benchmarks/profileRun.js <file> <engagements>`, read back. */
export function profileRun(file: string, engagements: number, phases: readonly string[], top = 12): Profile {
  const dir = mkdtempSync(join(tmpdir(), 'volley-prof-'));
  try {
    execFileSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, 'dist/benchmarks/profileRun.js', file, String(engagements)], { stdio: ['ignore', 'ignore', 'inherit'] });
    const prof = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!prof) throw new Error('node --cpu-prof wrote no profile');
    return readProfile(join(dir, prof), 'measured', phases, top);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

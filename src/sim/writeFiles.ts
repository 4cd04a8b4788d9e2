/** Writing output files atomically: a temporary file in the same folder, then a rename. */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = join(dirname(file), `.${Math.abs(hashName(file))}.${process.pid}.tmp`);
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

function hashName(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h;
}

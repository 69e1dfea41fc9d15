/**
 * One demo or service (`npm run demo`, `npm run service`) per data folder: the reference service
 * keeps its offers in memory and writes the whole file back, so two services on one folder
 * overwrite each other's offers. `lockDataDir` takes the
 * folder for this process (a `.lock` file holding its pid) and refuses while a live process holds
 * it; a lock left by a process that died is taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Takes `dir` for this process; returns what gives it back. Throws when a live process holds it. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, '.lock');
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lock, 'utf8'));
    if (isAlive(holder)) {
      throw new Error(`another demo or service (pid ${holder}) is using ${dir}: stop it, or give this one its own folder with --data-dir`);
    }
    writeFileSync(lock, String(process.pid));
  }
  return () => rmSync(lock, { force: true });
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

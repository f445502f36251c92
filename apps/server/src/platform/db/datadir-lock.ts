import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const LOCK_NAME = 'server.lock';

/**
 * PGlite takes no lock of its own, and two processes on one data folder corrupt it. The lock file
 * holds the owner's pid: a live owner makes a second server fail at once; a dead owner (kill -9)
 * leaves a stale file that the next start takes over, so no manual repair is ever needed.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_NAME);
  const mine = `${process.pid}\n`;
  try {
    fs.writeFileSync(lockPath, mine, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = readOwner(lockPath);
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by another server (pid ${owner}). ` +
          'Stop it first, or give this server its own DATA_DIR.',
      );
    }
    // Stale: replace atomically, then confirm no other starter replaced it at the same moment.
    const temp = `${lockPath}.${process.pid}`;
    fs.writeFileSync(temp, mine);
    fs.renameSync(temp, lockPath);
    if (readOwner(lockPath) !== process.pid) {
      throw new DataDirLockedError(`DATA_DIR ${dataDir} was taken by another server starting at the same time.`);
    }
  }
  return () => {
    if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
  };
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

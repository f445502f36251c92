import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './settings.js';

export const serverBundle = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');

/** Builds the server bundle from the current sources (a few seconds), so the bench never measures a stale one. */
export function ensureServerBuild(): void {
  console.log('Building the server (npm run build -w @care/server)…');
  const built = spawnSync('npm', ['run', 'build', '-w', '@care/server'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0 || !fs.existsSync(serverBundle)) throw new Error('the server build failed');
}

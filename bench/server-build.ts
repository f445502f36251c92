import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './settings.js';

export const serverBundle = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');

/** Builds the server bundle when it is missing; warns (does not rebuild) when sources are newer. */
export function ensureServerBuild(): void {
  if (!fs.existsSync(serverBundle)) {
    console.log('apps/server/dist/main.js is missing: building the server (npm run build -w @care/server)…');
    const built = spawnSync('npm', ['run', 'build', '-w', '@care/server'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0 || !fs.existsSync(serverBundle)) throw new Error('the server build failed');
    return;
  }
  const bundleTime = fs.statSync(serverBundle).mtimeMs;
  const sources = ['apps/server/src', 'apps/server/migrations', 'packages/shared/src'].map((dir) => path.join(repoRoot, dir));
  const newer = sources.map((dir) => newestFile(dir)).find((file) => file && file.mtimeMs > bundleTime);
  if (newer) {
    console.warn(
      `warning: ${path.relative(repoRoot, newer.path)} is newer than apps/server/dist/main.js; ` +
        'the bench measures the existing bundle (delete apps/server/dist or run `npm run build -w @care/server` to refresh it)',
    );
  }
}

function newestFile(dir: string): { path: string; mtimeMs: number } | undefined {
  if (!fs.existsSync(dir)) return undefined;
  let newest: { path: string; mtimeMs: number } | undefined;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    // Tests do not end up in the bundle.
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name) || entry.parentPath.split(path.sep).includes('test')) continue;
    const full = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = fs.statSync(full);
    if (!newest || mtimeMs > newest.mtimeMs) newest = { path: full, mtimeMs };
  }
  return newest;
}

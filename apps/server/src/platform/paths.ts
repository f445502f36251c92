import fs from 'node:fs';
import path from 'node:path';

/** The server package folder, found the same way from src/ (tsx, tests) and from the dist/ bundle. */
function findServerRoot(): string {
  let dir = import.meta.dirname;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'migrations')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the server folder above ${import.meta.dirname}`);
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsDir = path.join(serverRoot, 'migrations');
export const defaultWebDist = path.resolve(serverRoot, '../web/dist');

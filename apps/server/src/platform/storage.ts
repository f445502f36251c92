import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files under DATA_DIR/uploads. Callers pass relative paths they built themselves from trusted parts;
 * `resolve` still refuses anything that would leave the folder.
 */
export class LocalFileStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'uploads');
  }

  resolve(relative: string): string {
    const full = path.resolve(this.root, relative);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`path escapes the upload folder: ${relative}`);
    return full;
  }

  async write(relative: string, data: Buffer): Promise<void> {
    const full = this.resolve(relative);
    await fs.mkdir(path.dirname(full), { recursive: true });
    // wx: never overwrite; names are generated, so a clash is a bug worth failing on.
    await fs.writeFile(full, data, { flag: 'wx' });
  }

  /** Whether a file is there, without reading it. */
  async exists(relative: string): Promise<boolean> {
    try {
      return (await fs.stat(this.resolve(relative))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async read(relative: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.resolve(relative));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}

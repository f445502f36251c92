import fs from 'node:fs';
import path from 'node:path';
import { CleanupStack } from './cleanup.js';
import { fillReports, reportsFilled } from './reports-fill.js';
import { ensureServerBuild, serverBundle } from './server-build.js';
import { startServer, type RunningServer } from './server-process.js';
import { outDir, type BenchSettings } from './settings.js';

/** What every single-database bench does first: the server build, bench/out, and cleanup on Ctrl-C. */
export function startBench(settings: BenchSettings): { entry: string; cleanup: CleanupStack } {
  if (!settings.serverEntry) ensureServerBuild();
  fs.mkdirSync(outDir, { recursive: true });
  const cleanup = new CleanupStack();
  process.once('SIGINT', () => void cleanup.runAll().finally(() => process.exit(130)));
  return { entry: settings.serverEntry ?? serverBundle, cleanup };
}

/**
 * The server of a bench on the reports database (`url`), stopped by `cleanup`, and the database filled
 * once (reports-fill.ts); `filled` says whether this run filled it.
 */
export async function startReportsServer(label: string, entry: string, url: string, cleanup: CleanupStack): Promise<{ server: RunningServer; filled: boolean }> {
  const server = await startServer({
    label,
    entry,
    env: { DATABASE_URL: url, DEMO_DATA: 'on', LOGIN_CAPTCHA: 'off', NONCE_STORE: 'memory', LOG_LEVEL: 'warn' },
    logFile: path.join(outDir, `server-${label}.log`),
  });
  cleanup.add('stop the server', () => server.stop());
  if (await reportsFilled(url)) {
    console.log('  already filled (marker row found): reused');
    return { server, filled: false };
  }
  await fillReports(url, (line) => console.log(line));
  return { server, filled: true };
}

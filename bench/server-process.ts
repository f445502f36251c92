import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { processCpuSeconds } from './cpu.js';
import { repoRoot } from './settings.js';

export interface ServerOptions {
  /** Names the server in messages and its log file. */
  label: string;
  /** The built bundle to run. */
  entry: string;
  /** Server configuration; merged over the parent environment minus every server setting. */
  env: Record<string, string>;
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Everything the server prints is written here (the file is replaced). */
  logFile: string;
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
}

export interface RunningServer {
  label: string;
  baseUrl: string;
  pid: number;
  /** CPU seconds (user + system) the server process has used so far; null where /proc is unavailable. */
  cpuSeconds(): number | null;
  /** SIGTERM, then wait for the exit (SIGKILL after stopTimeoutMs). Resolves with the exit code. */
  stop(): Promise<number | null>;
}

export class ServerStartError extends Error {}

/** Settings of the server that must come from the bench only, never from the caller's shell. */
const SERVER_KEYS = [
  'NODE_ENV', 'HOST', 'PORT', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'AMQP_URL', 'NONCE_STORE',
  'DEMO_DATA', 'LOG_LEVEL', 'BENCH_BARE_ROUTE', 'WEB_DIST',
];

/** Children still running; terminated if this process exits without stopping them (a crash). */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGTERM');
});

/** Starts `node <entry>` on a free port and resolves once `GET /online/health` answers 200. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const host = '127.0.0.1';
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SERVER_KEYS) delete env[key];
  Object.assign(env, options.env, { HOST: host, PORT: String(port) });

  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.createWriteStream(options.logFile, { fd: fs.openSync(options.logFile, 'w') });
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (tail.length > 40) tail.splice(0, tail.length - 40);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      log.end();
      resolve(code ?? (signal ? 128 : null));
    });
  });
  const spawnError = new Promise<never>((_resolve, reject) => child.once('error', reject));

  const baseUrl = `http://${host}:${port}`;
  const server: RunningServer = {
    label: options.label,
    baseUrl,
    pid: child.pid!,
    cpuSeconds: () => processCpuSeconds(child.pid!),
    stop: () => stopChild(child, exited, options.stopTimeoutMs ?? 30_000),
  };

  try {
    await Promise.race([
      waitHealthy(baseUrl, options.startTimeoutMs ?? 90_000, () => !live.has(child)),
      spawnError,
      exited.then((code) => {
        throw new ServerStartError(`exited with code ${code} before it was healthy`);
      }),
    ]);
  } catch (err) {
    await server.stop();
    const reason = err instanceof Error ? err.message : String(err);
    throw new ServerStartError(`${options.label} server did not start: ${reason}\n--- last output ---\n${tail.join('\n') || '(none)'}`);
  }
  return server;
}

async function waitHealthy(baseUrl: string, timeoutMs: number, gone: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline && !gone()) {
    try {
      const res = await fetch(`${baseUrl}/online/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `health answered ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await delay(150);
  }
  throw new ServerStartError(`not healthy after ${timeoutMs} ms (${last})`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>, timeoutMs: number): Promise<number | null> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer, type Download, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';

/**
 * Browser-test harness. It builds nothing: `npm run build` first, then each test file starts the
 * built server on a free port with a data directory of its own and drives Debian's chromium against it.
 * The data directory is a copy of one the run seeded once (global-setup.ts: the demo company with its
 * year of CRM records), so a file does not pay for seeding it again.
 *
 * Two files run at a time (vitest.config.ts). The run keeps one chromium that every file connects to
 * (a new context per test), and one server per worker for the files that only read or add records of
 * their own (`useSharedBrowserSuite`); global-setup.ts serves both and a run lock (see `RunLock`)
 * that lets a file measuring speed run its tests with nothing else running.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const CHROMIUM = '/usr/bin/chromium';

const HEALTH_TIMEOUT_MS = 120_000;
// Seeding the demo year on an empty directory (once per run) takes minutes on a loaded machine.
const SEED_TIMEOUT_MS = 360_000;
// The server drains for up to SHUTDOWN_GRACE_MS (20 s by default) after SIGTERM.
const STOP_TIMEOUT_MS = 25_000;
const OUTPUT_LIMIT = 20_000;

// Settings that change how the server answers but not what it seeds on its first start; a server
// started with any other setting (DATABASE_URL, DEMO_DATA, DEMO_CRM_DATA, ADMIN_PASSWORD, one not
// listed yet …) gets an empty data directory and seeds it itself, as a fresh install would.
const NOT_SEEDED = new Set(['LOGIN_CAPTCHA', 'MULTI_SESSION', 'CAS_SERVER_URL', 'CAS_SERVICE_URL']);

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory seeded once per run by global-setup.ts, copied for each server. */
    seededDataDir: string | undefined;
    /** The run's chromium (global-setup.ts), which each file connects to. */
    browserEndpoint: string | undefined;
    /** global-setup.ts's control address: the shared servers and the run lock. */
    runServices: string | undefined;
  }
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The tail of the server's stdout and stderr, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** The server's environment, or a function of its base URL (for settings that name the server's own address). */
export type ServerEnv = Record<string, string> | ((baseUrl: string) => Record<string, string>);

export async function startServer(env: ServerEnv = {}): Promise<RunningServer> {
  return startServerFrom(inject('seededDataDir'), env);
}

/** startServer with the seeded directory given (global-setup.ts, where `inject` does not exist). */
export async function startServerFrom(seeded: string | undefined, env: ServerEnv = {}): Promise<RunningServer> {
  const port = await freePort();
  const extraEnv = typeof env === 'function' ? env(`http://127.0.0.1:${port}`) : env;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'care-e2e-'));
  if (seeded && Object.keys(extraEnv).every((name) => NOT_SEEDED.has(name))) cpSync(seeded, dataDir, { recursive: true });
  return launchServer(port, dataDir, extraEnv);
}

/**
 * Starts the server on an empty data directory, lets it seed, and stops it: the data directory
 * each startServer copies (global-setup.ts). Returns the directory.
 */
export async function seedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'care-e2e-seeded-'));
  try {
    const server = await launchServer(await freePort(), dataDir, {}, { keepDataDir: true, healthTimeoutMs: SEED_TIMEOUT_MS });
    await server.stop();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return dataDir;
}

async function launchServer(port: number, dataDir: string, extraEnv: Record<string, string>, options: { keepDataDir?: boolean; healthTimeoutMs?: number } = {}): Promise<RunningServer> {
  for (const file of [SERVER_ENTRY, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  // Vitest sets NODE_ENV=test; the server should run as it does for a person trying it out.
  const { NODE_ENV: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: 'on', LOGIN_CAPTCHA: 'off', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    await stopChild(child);
    if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, options.healthTimeoutMs ?? HEALTH_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { baseUrl, dataDir, output: () => output, stop };
}

const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The run's chromium when global-setup.ts started one, else a chromium of the caller's own. */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  checkChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Starts the chromium that the run's files connect to (global-setup.ts). */
export function launchBrowserServer(): Promise<BrowserServer> {
  checkChromium();
  return chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

function checkChromium(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
}

export interface BrowserSuite {
  /** The built server of this file, started in `beforeAll`. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /**
   * A fresh context, closed after the test. Uncaught errors of every page opened in it (by
   * `context.newPage()` too) are collected, and the test fails if there are any.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context of its own (see `newContext`). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

export interface SuiteOptions {
  /**
   * The file's tests run with no other file's test (or server start) running beside them: for the
   * tests that measure speed, which a second file on the same two cores would slow down.
   */
  alone?: boolean;
}

/**
 * The set-up of a browser test file: registers the vitest hooks that start the server (with `env`,
 * or what the function returns for the server's base URL when the hook runs) and connect to the
 * run's chromium for the file, close every context after each test and assert that no page threw,
 * and stop both at the end.
 */
export function useBrowserSuite(env: ServerEnv = {}, options: SuiteOptions = {}): BrowserSuite {
  return browserSuite(() => startServer(env), options);
}

/**
 * The set-up of a file that shares its server with the other files of this kind run by the same
 * worker, one after another (global-setup.ts starts it on a copy of the seeded directory at the first
 * file's request and stops it when the run ends). For files that read, or add records of their own
 * and check them against what the server answers at the time: such a file must not change what
 * another file finds (settings, menus, stores, rooms' states it counts, the admin's profile …), nor
 * create a record another file also creates (a fixed phone number, a fixed name), nor need server
 * settings of its own. Anything else keeps `useBrowserSuite`.
 */
export function useSharedBrowserSuite(): BrowserSuite {
  return browserSuite(sharedServer, {});
}

function browserSuite(start: () => Promise<RunningServer>, options: SuiteOptions): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];
  let releaseAlone: (() => Promise<void>) | undefined;
  let releaseTest: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const release = await holdRunLock('shared');
    try {
      server = await start();
    } finally {
      await release();
    }
    browser = await launchBrowser();
    if (options.alone) releaseAlone = await holdRunLock('alone');
  });

  afterAll(async () => {
    try {
      await browser?.close();
      await server?.stop();
    } finally {
      await releaseAlone?.();
    }
  });

  beforeEach(async () => {
    if (!options.alone) releaseTest = await holdRunLock('shared');
  });

  afterEach(async () => {
    const open = contexts;
    const errors = pageErrors;
    contexts = [];
    pageErrors = [];
    try {
      for (const context of open) await context.close();
    } finally {
      await releaseTest?.();
      releaseTest = undefined;
    }
    expect(errors).toEqual([]);
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not running: use the suite inside a test`);
    return value;
  };

  const suite: BrowserSuite = {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async newContext(options) {
      // Reduced motion (the app then turns antd's animations off): a click never lands on a dialog or
      // drop-down that is still animating in, which on a loaded machine lost clicks.
      const context = await suite.browser.newContext({ reducedMotion: 'reduce', ...options });
      contexts.push(context);
      context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(error.message)));
      return context;
    },
    async newPage(options) {
      return (await suite.newContext(options)).newPage();
    },
  };
  return suite;
}

/** The shared server of this worker (global-setup.ts starts it at the first request), or one of the file's own without it. */
async function sharedServer(): Promise<RunningServer> {
  const services = inject('runServices');
  if (!services) return startServer();
  const worker = process.env.VITEST_POOL_ID ?? '1';
  const response = await fetch(`${services}/server/${worker}`, { method: 'POST', signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS + 60_000) });
  const answer = (await response.json()) as { baseUrl?: string; dataDir?: string; error?: string };
  if (!response.ok || !answer.baseUrl || !answer.dataDir) throw new Error(`the shared server of worker ${worker} did not start: ${answer.error ?? response.status}`);
  const { baseUrl, dataDir } = answer;
  return {
    baseUrl,
    dataDir,
    output: () => '(a shared server: its output is not kept per file)',
    // Stopped by global-setup.ts when the run ends.
    stop: async () => {},
  };
}

/**
 * Waits for the run lock (global-setup.ts) and returns its release: 'shared' is held by every test
 * and server start, any number at a time; 'alone' by a file whose tests must run by themselves,
 * granted once no 'shared' is held, before any 'shared' asked for after it. Without the run's
 * services (a harness used outside this vitest project) there is nothing to wait for.
 */
async function holdRunLock(kind: 'shared' | 'alone'): Promise<() => Promise<void>> {
  const services = inject('runServices');
  if (!services) return async () => {};
  const { ticket } = (await (await fetch(`${services}/lock/${kind}`, { method: 'POST' })).json()) as { ticket: string };
  for (;;) {
    const { granted } = (await (await fetch(`${services}/lock/ticket/${ticket}`)).json()) as { granted: boolean };
    if (granted) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    await fetch(`${services}/unlock/${ticket}`, { method: 'POST' });
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was healthy`);
    }
    try {
      const response = await fetch(`${baseUrl}/online/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET ${baseUrl}/online/health did not answer 200 within ${timeoutMs / 1000} s`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A download saved as a local file (the files connect to the run's one chromium, and a connected
 * browser's Download offers no path(): saveAs copies it over).
 */
export async function downloadedFile(download: Download): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'care-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

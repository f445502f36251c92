/**
 * Where the server's time went: `node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]`.
 * Reads a V8 CPU profile (from `BENCH_CPU_PROF=on npm run bench`) and prints self time by area
 * (package, node internals, server bundle, GC) and the functions with the most self and inclusive time.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const key = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const isIdle = (n: ProfileNode) => n.callFrame.functionName === '(idle)';

let busy = 0;
const areaSelf = new Map<string, number>();
const fnSelf = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  if (isIdle(n)) continue;
  busy += us;
  add(areaSelf, area(n), us);
  add(fnSelf, key(n), us);
}

// Inclusive time per function, counted once per stack even when the function recurses.
const fnTotal = new Map<string, number>();
for (const [id, us] of selfUs) {
  if (isIdle(byId.get(id)!)) continue;
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const k = key(byId.get(at)!);
    if (!seen.has(k)) add(fnTotal, k, us);
    seen.add(k);
  }
}

const idle = [...selfUs].filter(([id]) => isIdle(byId.get(id)!)).reduce((s, [, us]) => s + us, 0);
console.log(`${path.basename(file)}: ${(busy / 1e6).toFixed(2)} s busy, ${(idle / 1e6).toFixed(2)} s idle`);
print('Self time by area', areaSelf, top);
print('Self time by function', fnSelf, top);
print('Inclusive time by function', fnTotal, top);

function print(title: string, map: Map<string, number>, limit: number): void {
  console.log(`\n${title} (% of busy time)`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(`${((us / busy) * 100).toFixed(1).padStart(6)} %  ${name}`);
  }
}

function area(n: ProfileNode): string {
  const { url, functionName } = n.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/dist/main.js')) return 'server bundle (app + @care/shared)';
  return shortUrl(url);
}

function shortUrl(url: string): string {
  return url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '').replace(/^.*\/apps\//, 'apps/');
}

function add(map: Map<string, number>, k: string, us: number): void {
  map.set(k, (map.get(k) ?? 0) + us);
}

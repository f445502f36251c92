import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { machineBusySeconds } from './cpu.js';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  /** Cores other processes kept busy during one second before the bench started (null without /proc). */
  busyCoresBeforeStart: number | null;
}

export async function describeMachine(): Promise<MachineInfo> {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    busyCoresBeforeStart: await busyCores(1_000),
  };
}

async function busyCores(ms: number): Promise<number | null> {
  const before = machineBusySeconds();
  await delay(ms);
  const after = machineBusySeconds();
  return before === null || after === null ? null : Math.round(((after - before) / (ms / 1000)) * 100) / 100;
}

import fs from 'node:fs';

/** Linux reports process and system CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICK_SECONDS = 0.01;

/** utime + stime of /proc/<pid>/stat (fields 14 and 15); null where /proc is unavailable. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) " the fields start at field 3, so fields 14 and 15 are at indexes 11 and 12.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_SECONDS;
  } catch {
    return null;
  }
}

/** Busy CPU seconds of the whole machine (all cores, every process): the first line of /proc/stat. */
export function machineBusySeconds(): number | null {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal …: everything but idle and iowait is busy.
    const busy = ticks.slice(0, 8).reduce((sum, value, i) => (i === 3 || i === 4 ? sum : sum + value), 0);
    return busy * TICK_SECONDS;
  } catch {
    return null;
  }
}

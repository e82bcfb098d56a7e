import fs from 'node:fs';

/** Fields of `/proc/<pid>/stat` after the command name (which may hold spaces); times are in ticks of 10 ms. */
function statFields(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
}

/** Resident and peak memory of a process in MB, and the CPU time it has used in ms (Linux `/proc`). */
export function processStats(pid: number): { rssMb: number; peakMb: number; cpuMs: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  const fields = statFields(pid);
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024), cpuMs };
}

/** Starts the process's peak memory (`VmHWM`) over from what it holds now (Linux ≥ 4.0, own processes). */
export function resetPeakMemory(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * CPU time in ms of the PostgreSQL server on this machine: every `postgres` process, and the backends
 * that have exited (counted in their parent's children's time). Undefined when none runs here.
 */
export function postgresCpuMs(): number | undefined {
  let ticks = 0;
  let found = false;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = statFields(Number(entry));
      // utime, stime, and the children's cutime, cstime.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      found = true;
    } catch {
      // The process ended while we looked.
    }
  }
  return found ? ticks * 10 : undefined;
}

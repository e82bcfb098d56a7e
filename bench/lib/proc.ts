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

/** Resident memory of a process by what holds it, MB (from `/proc/<pid>/smaps`). */
export interface ResidentByKind {
  /** Anonymous mappings of 128 MB or more: PGlite's WebAssembly memory. */
  wasm: number;
  /** glibc's thread arenas (anonymous, starting on a 64 MB boundary, at most 64 MB): malloc of threads other than the main one. */
  arenas: number;
  /** The main thread's malloc heap (`[heap]`). */
  brk: number;
  /** Executable anonymous mappings: V8's compiled JavaScript and WebAssembly. */
  code: number;
  /** File-backed mappings: the node binary, shared libraries. */
  files: number;
  /** Every other anonymous mapping: V8's heap pages, large malloc blocks mapped on their own. */
  otherAnon: number;
}

const ARENA_ALIGN = 64n * 1024n * 1024n;

export function residentByKind(pid: number): ResidentByKind {
  const kb: ResidentByKind = { wasm: 0, arenas: 0, brk: 0, code: 0, files: 0, otherAnon: 0 };
  let kind: keyof ResidentByKind = 'otherAnon';
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const [, from, to, perms, name] = header as unknown as [string, string, string, string, string];
      const start = BigInt(`0x${from}`);
      const size = BigInt(`0x${to}`) - start;
      if (name === '[heap]') kind = 'brk';
      else if (name.startsWith('/')) kind = 'files';
      else if (name) kind = 'otherAnon';
      else if (perms.includes('x')) kind = 'code';
      else if (size >= 128n * 1024n * 1024n) kind = 'wasm';
      else if (start % ARENA_ALIGN === 0n && size <= ARENA_ALIGN) kind = 'arenas';
      else kind = 'otherAnon';
    } else if (line.startsWith('Rss:')) {
      kb[kind] += Number(line.split(/\s+/)[1]);
    }
  }
  return Object.fromEntries(Object.entries(kb).map(([name, value]) => [name, Math.round(value / 1024)])) as unknown as ResidentByKind;
}

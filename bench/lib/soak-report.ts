import { OPERATIONS, type Operation } from './soak-ops.js';
import { percentile } from './streams.js';

export interface Sample {
  operation: Operation;
  /** Minute of the run the operation started in, from 1. */
  minute: number;
  ms: number;
  ok: boolean;
}

export interface MinuteRow {
  minute: number;
  ops: number;
  errors: number;
  /** p50 / p99 in ms per operation, e.g. `chat: "41 / 120"`. */
  [operation: string]: number | string;
}

export interface SoakResult {
  label: string;
  minutes: MinuteRow[];
  /** p50 per operation over the whole run. */
  p50: Record<Operation, number>;
  /** p50 of all operations in the first and in the last minute. */
  firstMinuteP50: number;
  lastMinuteP50: number;
  errors: number;
  ops: number;
  /** Resident memory at the end of minute one and its largest later value, MB. */
  memoryAfterMinuteOneMb: number;
  memoryPeakLaterMb: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** `rssByMinute`: resident memory at the end of each minute; `peakLaterMb`: the largest after minute one (VmHWM). */
export function summarize(label: string, samples: Sample[], rssByMinute: number[], peakLaterMb: number): SoakResult {
  const minutes = [...new Set(samples.map((sample) => sample.minute))].sort((a, b) => a - b);
  const okTimes = (filter: (sample: Sample) => boolean) => samples.filter((sample) => sample.ok && filter(sample)).map((sample) => sample.ms);
  const rows = minutes.map((minute) => {
    const inMinute = samples.filter((sample) => sample.minute === minute);
    const row: MinuteRow = { minute, ops: inMinute.length, errors: inMinute.filter((sample) => !sample.ok).length };
    for (const operation of OPERATIONS) {
      const times = okTimes((sample) => sample.minute === minute && sample.operation === operation);
      row[operation] = `${round(percentile(times, 50))} / ${round(percentile(times, 99))}`;
    }
    row.rssMb = rssByMinute[minute - 1] ?? NaN;
    return row;
  });
  const first = minutes[0] ?? 1;
  const last = minutes.at(-1) ?? 1;
  const later = rssByMinute.slice(1);
  return {
    label,
    minutes: rows,
    p50: Object.fromEntries(
      OPERATIONS.map((operation) => [
        operation,
        round(
          percentile(
            okTimes((sample) => sample.operation === operation),
            50,
          ),
        ),
      ]),
    ) as Record<Operation, number>,
    firstMinuteP50: round(
      percentile(
        okTimes((sample) => sample.minute === first),
        50,
      ),
    ),
    lastMinuteP50: round(
      percentile(
        okTimes((sample) => sample.minute === last),
        50,
      ),
    ),
    errors: samples.filter((sample) => !sample.ok).length,
    ops: samples.length,
    memoryAfterMinuteOneMb: rssByMinute[0] ?? NaN,
    memoryPeakLaterMb: Math.max(peakLaterMb, ...later),
  };
}

/** The goals of one database's pair of runs (empty and seeded history); lines saying met or missed. */
export function judge(empty: SoakResult, seeded: SoakResult | undefined): string[] {
  const lines: string[] = [];
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  for (const result of [empty, seeded].filter((r): r is SoakResult => r !== undefined)) {
    const drift = result.lastMinuteP50 / result.firstMinuteP50;
    const growth = result.memoryPeakLaterMb - result.memoryAfterMinuteOneMb;
    lines.push(`${result.label}: ${result.ops} operations, ${result.errors} errors (goal 0: ${verdict(result.errors === 0)})`);
    lines.push(`${result.label}: last minute p50 ${result.lastMinuteP50} ms vs first ${result.firstMinuteP50} ms = ${drift.toFixed(2)}× (goal ≤ 1.2: ${verdict(drift <= 1.2)})`);
    lines.push(
      `${result.label}: memory ${result.memoryAfterMinuteOneMb} MB after minute one, peak ${result.memoryPeakLaterMb} MB later, +${growth} MB (goal < 100: ${verdict(growth < 100)})`,
    );
  }
  if (seeded) {
    for (const operation of OPERATIONS) {
      const ratio = seeded.p50[operation] / empty.p50[operation];
      lines.push(`${seeded.label} vs empty: ${operation} p50 ${seeded.p50[operation]} vs ${empty.p50[operation]} ms = ${ratio.toFixed(2)}× (goal ≤ 1.25: ${verdict(ratio <= 1.25)})`);
    }
  }
  return lines;
}

// Loaded into a server under test with `node --import …/bench/lib/memory-sampler.mjs` (the soak bench does
// so when BENCH_SOAK_MEMORY_LOG is set): every second it appends `process.memoryUsage()` in MB (rss,
// heapTotal, heapUsed, external, arrayBuffers: V8's own accounting, which only the process itself can
// read) and `gcMs`, the time spent in garbage collection so far, to MEMORY_SAMPLE_FILE as one JSON line,
// with `at`, the time in Unix seconds.
import fs from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.MEMORY_SAMPLE_FILE;
const MB = 1024 * 1024;

// NODE_OPTIONS reaches the server's worker threads too: only the main thread samples.
if (file && isMainThread) {
  let gcMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const sample = { at: Math.round(Date.now() / 1000), gcMs: Math.round(gcMs) };
    for (const [name, bytes] of Object.entries(process.memoryUsage())) sample[name] = Math.round(bytes / MB);
    fs.appendFileSync(file, `${JSON.stringify(sample)}\n`);
  }, 1000).unref();
}

import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

function fire(options: LoadOptions, seconds: number) {
  return autocannon({
    url: options.url,
    method: options.method ?? 'POST',
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: seconds,
  });
}

/** Warms the target up, then measures requests/s and latency percentiles under a fixed concurrency. */
export async function measure(name: string, options: LoadOptions): Promise<LoadResult> {
  await fire(options, options.warmupSeconds);
  const result = await fire(options, options.seconds);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

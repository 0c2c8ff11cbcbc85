declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p99: number; p50: number; average: number };
    errors: number;
    non2xx: number;
    timeouts: number;
  }
  export default function autocannon(opts: Options): Promise<Result>;
}

import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { KindStats } from '../lib/job-queue.ts';
import { sendError } from './errors.ts';

export interface MetricsOptions {
  /** the bearer token `GET /metrics` asks for; unset = no metrics route at all */
  token?: string;
  /** the database pool's use (node-postgres); undefined on the embedded database */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** the job queue per kind (lib/job-queue.ts), read at each scrape */
  jobStats?: () => Promise<KindStats[]>;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics (docs/decisions.md, "Metrics"): request durations by route pattern, method
 * and status; the database pool; the job queue per kind; event-loop lag, memory and the other process metrics of
 * prom-client. Off unless a token is configured; then only with `Authorization: Bearer <token>`.
 * Each app gets its own registry, so tests may build several apps in one process.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  const token = opts.token;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const poolStats = opts.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting requests)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }

  const jobStats = opts.jobStats;
  if (jobStats) {
    // one read of the queue per scrape serves both gauges
    let reading: Promise<KindStats[]> | null = null;
    const read = () => {
      reading ??= jobStats().finally(() => {
        reading = null;
      });
      return reading;
    };
    new Gauge({
      name: 'job_queue_jobs',
      help: 'Jobs of the job queue by kind and state (queued: waiting or waiting for a retry; failed: dead letter)',
      labelNames: ['kind', 'state'] as const,
      registers: [registry],
      async collect() {
        for (const s of await read()) {
          this.set({ kind: s.kind, state: 'queued' }, s.queued);
          this.set({ kind: s.kind, state: 'active' }, s.active);
          this.set({ kind: s.kind, state: 'failed' }, s.failed);
        }
      },
    });
    new Gauge({
      name: 'job_queue_oldest_waiting_seconds',
      help: 'Age of the oldest job of a kind that is due and not yet running (0: none)',
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        for (const s of await read()) this.set({ kind: s.kind }, s.oldestWaitingSeconds);
      },
    });
  }

  app.addHook('onResponse', async (req, reply) => {
    // the route pattern, never the raw URL (bounded label values); unknown paths share one label
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    duration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameSecret(given, token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return sendError(reply, 401, { message: 'Unauthenticated.', code: 'metrics_token' });
    }
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
});

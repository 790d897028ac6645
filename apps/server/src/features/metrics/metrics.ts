/**
 * What an operator's Prometheus reads: request rate, latency and errors by route, the database
 * pool, the scheduled jobs, and sign-in failures and lock-outs. Every app has its own registry (tests
 * build many apps in one process). Labels hold route templates and status codes only: never a
 * patient id, an MRN or a query value.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface MetricsSources {
  /** The PostgreSQL pool's connections; null on the embedded database (one connection, no pool). */
  poolConnections: () => { total: number; idle: number; waiting: number } | null;
  /** Each periodic job's last finished run and whether a run is under way (its lease is held). */
  scheduledJobs: () => Promise<{ name: string; lastRunAt: Date | null; running: boolean }[]>;
  /** E-mails in the outbox by state (queued, sent, failed, expired). */
  mailQueue: () => Promise<Record<string, number>>;
}

export interface Metrics {
  registry: Registry;
  /** Called once per answered request with its route template (`unmatched` when none). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

export const signInRoute = '/api/auth/login';

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'dermis' });
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'dermis_http_requests_total',
    help: 'Answered HTTP requests by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'dermis_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'dermis_http_server_errors_total',
    help: 'Answers with a 5xx status (503 during an outage included), by route template.',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'dermis_sign_in_failures_total',
    help: 'Sign-ins refused for a wrong username or password (401).',
    registers: [registry],
  });
  const signInLockouts = new Counter({
    name: 'dermis_sign_in_lockouts_total',
    help: 'Sign-ins refused because a throttle was full (429).',
    registers: [registry],
  });

  new Gauge({
    name: 'dermis_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting); absent on the embedded database.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.poolConnections();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'dermis_scheduled_job_last_run_timestamp_seconds',
    help: 'When each periodic job last finished a run (Unix time); 0 when it never has.',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      for (const job of await sources.scheduledJobs())
        this.set({ job: job.name }, job.lastRunAt ? job.lastRunAt.getTime() / 1000 : 0);
    },
  });
  // The registry collects gauges concurrently, so each reads the (one-row-per-job) table itself.
  new Gauge({
    name: 'dermis_scheduled_job_running',
    help: "Whether an instance holds the job's lease right now (1) or not (0).",
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      for (const job of await sources.scheduledJobs()) this.set({ job: job.name }, job.running ? 1 : 0);
    },
  });
  new Gauge({
    name: 'dermis_mail_queue_messages',
    help: 'E-mails in the outbox by state.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      for (const [state, count] of Object.entries(await sources.mailQueue())) this.set({ state }, count);
    },
  });

  return {
    registry,
    observe(method, route, status, seconds) {
      const code = String(status);
      requests.inc({ method, route, status: code });
      duration.observe({ method, route }, seconds);
      if (status >= 500) errors.inc({ route, status: code });
      if (route === signInRoute && method === 'POST') {
        if (status === 401) signInFailures.inc();
        else if (status === 429) signInLockouts.inc();
      }
    },
  };
}

/**
 * The threads that hash and check passwords: one worker thread per core, each taking its jobs in
 * order from its own queue (docs/decisions/165).
 *
 * Why not libuv's thread pool, where @node-rs/argon2's async calls run: it has four threads, so on
 * a 2-core machine four 19 MiB argon2id hashes took turns on two cores and evicted each other from
 * the caches (about 160 hashes a second here, against about 200 with one hash per core), and a burst
 * of sign-ins queued ahead of everything else that pool does (file reads, DNS look-ups). A limit in
 * JavaScript would leave a core idle between two hashes; a worker's own queue does not.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

type Job =
  { op: 'hash'; password: string; options: object } | { op: 'verify'; hash: string; password: string };

interface Pending {
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

// CommonJS, evaluated by the worker: no file to find beside a compiled or a TypeScript server.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { hashSync, verifySync } = require(workerData.argon2);
parentPort.on('message', (job) => {
  try {
    const result = job.op === 'hash' ? hashSync(job.password, job.options) : verifySync(job.hash, job.password);
    parentPort.postMessage({ id: job.id, result });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String(error && error.message) });
  }
});`;

class PasswordThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failed: Error | null = null;

  constructor(argon2: string) {
    this.worker = new Worker(workerSource, { eval: true, workerData: { argon2 } });
    this.worker.on('message', (message: { id: number; result?: string | boolean; error?: string }) => {
      const job = this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.worker.unref();
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.result ?? false);
    });
    const fail = (error: Error) => {
      this.failed = error;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`password thread exited with ${code}`)));
    // Idle threads must not keep the process alive (a CLI that hashed one password ends). After the
    // listeners: adding a 'message' listener refs the worker again.
    this.worker.unref();
  }

  get queued(): number {
    return this.failed ? Infinity : this.pending.size;
  }

  get usable(): boolean {
    return this.failed === null;
  }

  run(job: Job): Promise<string | boolean> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...job });
    });
  }
}

export class PasswordPool {
  private threads: PasswordThread[] = [];
  private readonly argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');

  constructor(private readonly size = availableParallelism()) {}

  hash(password: string, options: object): Promise<string> {
    return this.run({ op: 'hash', password, options }) as Promise<string>;
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.run({ op: 'verify', hash, password }) as Promise<boolean>;
  }

  /** The thread with the shortest queue; a thread that died is replaced. Threads start on first use. */
  private run(job: Job): Promise<string | boolean> {
    this.threads = this.threads.filter((thread) => thread.usable);
    while (this.threads.length < this.size) this.threads.push(new PasswordThread(this.argon2));
    let least = this.threads[0]!;
    for (const thread of this.threads) if (thread.queued < least.queued) least = thread;
    return least.run(job);
  }
}

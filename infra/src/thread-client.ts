// A worker thread for CPU-heavy work that must stay off the event loop (VIN decoding, barcode reading): started on
// first use, asked by message with an id, answered by message with the same id. Held open only while a request is in
// flight, so an idle thread never keeps the process alive. A thread that dies (an error, a resource limit) fails what
// it was asked and the next request starts a new one.
import { Worker, type ResourceLimits } from 'node:worker_threads';

interface Waiting {
  resolve(answer: object): void;
  reject(e: Error): void;
}

export interface ThreadClientOptions {
  /** Names the thread in errors ("VIN decoder thread exited with code 1"). */
  name: string;
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
}

/**
 * `entry` posts `{ id, ...answer }` for each `{ id, ...request }` it receives, or `{ id, error }` when it could not
 * answer (then the request fails with that message).
 */
export class ThreadClient<Request extends object, Answer extends object> {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();

  constructor(
    private readonly entry: URL,
    private readonly options: ThreadClientOptions,
  ) {}

  ask(request: Request): Promise<Answer> {
    const worker = this.start();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (a: object) => void, reject });
      worker.ref();
      worker.postMessage({ ...request, id });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    await w?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, {
      ...(this.options.workerData === undefined ? {} : { workerData: this.options.workerData }),
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
    });
    worker.on('message', (msg: { id: number; error?: string }) => {
      const w = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (this.waiting.size === 0) worker.unref();
      if (msg.error !== undefined) w?.reject(new Error(msg.error));
      else w?.resolve(msg);
    });
    const failAll = (err: Error) => {
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
      if (this.worker === worker) this.worker = undefined;
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`${this.options.name} thread exited with code ${code}`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

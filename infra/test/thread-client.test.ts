// The one client for worker threads (VIN decoding, barcode reading): answers matched by id, failures kept apart, and a
// thread that dies replaced by the next request.
import { afterEach, expect, it } from 'vitest';
import { ThreadClient } from '../src/thread-client.js';

const THREAD = new URL(
  `data:text/javascript,${encodeURIComponent(`
    import { parentPort } from 'node:worker_threads';
    parentPort.on('message', (m) => {
      if (m.exit) process.exit(3);
      if (m.refuse) parentPort.postMessage({ id: m.id, error: 'cannot double ' + m.n });
      else setTimeout(() => parentPort.postMessage({ id: m.id, doubled: m.n * 2 }), m.delayMs ?? 0);
    });`)}`,
);

type Request = { n: number; delayMs?: number; refuse?: boolean; exit?: boolean };
let client: ThreadClient<Request, { doubled: number }>;
afterEach(() => client.close());

it('matches each answer to its request, whatever order the thread answers in', async () => {
  client = new ThreadClient(THREAD, { name: 'doubler' });
  const slow = client.ask({ n: 1, delayMs: 100 });
  const fast = client.ask({ n: 2 });
  expect(await fast).toMatchObject({ doubled: 4 });
  expect(await slow).toMatchObject({ doubled: 2 });
});

it('fails the request the thread could not answer with its message, and only that one', async () => {
  client = new ThreadClient(THREAD, { name: 'doubler' });
  const refused = client.ask({ n: 5, refuse: true });
  const answered = client.ask({ n: 6 });
  await expect(refused).rejects.toThrow('cannot double 5');
  expect(await answered).toMatchObject({ doubled: 12 });
});

it('fails what a dying thread was asked, naming it, and starts a new thread for the next request', async () => {
  client = new ThreadClient(THREAD, { name: 'doubler' });
  const pending = client.ask({ n: 1, delayMs: 500 });
  await expect(client.ask({ n: 0, exit: true })).rejects.toThrow('doubler thread exited with code 3');
  await expect(pending).rejects.toThrow('doubler thread exited with code 3');
  expect(await client.ask({ n: 21 })).toMatchObject({ doubled: 42 });
});

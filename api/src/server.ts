// Entry: tracing first, when the environment (or .env) asks for it: its instrumentations patch http, ioredis and
// Socket.IO as they load. Then the process itself (serve.ts).
import { startTracing } from '@app/infra/tracing';

await startTracing('api');
await import('./serve.js');

import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, ORIGIN, startTestApp, TEST_PASSWORD, type TestContext } from './support/test-app.js';

let ctx: TestContext;
const lines: string[] = [];
beforeAll(async () => {
  ctx = await startTestApp();
  ctx.config.LOG_LEVEL = 'trace';
  await ctx.rebuild({ logStream: { write: (line: string) => void lines.push(line) } });
});
afterAll(async () => ctx?.close());

it('never writes a password or a session token to the log', async () => {
  const user = await createUser(ctx.sql);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: ORIGIN },
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  const token = login.cookies.find((c) => c.name === 'sid')!.value;
  await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: `sid=${token}` } });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: ORIGIN },
    payload: { email: user.email, password: 'wrong-but-logged?' },
  });
  const log = lines.join('\n');
  // One line per request at this level, so all three were logged and none leaked.
  expect(lines.filter((l) => l.includes('"msg":"request"')).length).toBe(3);
  expect(log).not.toContain(TEST_PASSWORD);
  expect(log).not.toContain('wrong-but-logged?');
  expect(log).not.toContain(token);
});

// Each test file gets its own database, cloned from the run's migrated template, and its own Redis key prefix.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { createSql, type Sql } from '../src/db.js';

export interface TestDatabase {
  url: string;
  sql: Sql;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const template = new URL(inject('templateDatabaseUrl'));
  const templateName = template.pathname.slice(1);
  const name = `${templateName}_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(template);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  // CREATE DATABASE ... TEMPLATE fails while another clone is being made from it; retry briefly.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.unsafe(`create database ${name} template ${templateName}`);
      break;
    } catch (err) {
      if (attempt > 40 || (err as { code?: string }).code !== '55006') throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  const url = new URL(template);
  url.pathname = `/${name}`;
  const sql = createSql(url.toString(), { max: 20 });
  return {
    url: url.toString(),
    sql,
    async drop() {
      await sql.end({ timeout: 2 });
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export function testRedisPrefix(): string {
  return `t${randomBytes(5).toString('hex')}:`;
}

export { dropRedisPrefix } from '../src/redis-connection.js';

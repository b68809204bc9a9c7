// Once per test run: a migrated template database that every test file clones, dropped (with its clones) at the end.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
  }
}

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default async function setup(project: TestProject) {
  const name = `auction_tpl_${randomBytes(5).toString('hex')}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  project.provide('templateDatabaseUrl', url.toString());

  return async () => {
    const clones = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${name}%`}`;
    for (const { datname } of clones) await admin.unsafe(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

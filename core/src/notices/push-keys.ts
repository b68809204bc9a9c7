// The VAPID key pair pushes are signed with. Configured keys win; outside production a pair is made on first start
// and kept in the database (app_secrets), so the API (which hands browsers the public key) and every workers process
// sign with the same one without configuration. Production never makes one: without configured keys push is off.
import webpush from 'web-push';
import type { Sql } from 'postgres';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface VapidConfig {
  NODE_ENV: 'development' | 'production' | 'test';
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
}

const DEVELOPMENT_KEYS = 'vapid-development-keys';
const DEVELOPMENT_SUBJECT = 'mailto:notices@carbid.example';

/** The keys, or why push is off (a line for the log). */
export async function vapidKeys(sql: Sql, c: VapidConfig): Promise<VapidKeys | { off: string }> {
  if (c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY)
    return {
      publicKey: c.VAPID_PUBLIC_KEY,
      privateKey: c.VAPID_PRIVATE_KEY,
      subject: c.VAPID_SUBJECT || DEVELOPMENT_SUBJECT,
    };
  if (c.NODE_ENV === 'production')
    return {
      off: 'web push is off: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set (npx web-push generate-vapid-keys)',
    };
  const made = webpush.generateVAPIDKeys();
  await sql`insert into app_secrets (name, value) values (${DEVELOPMENT_KEYS}, ${JSON.stringify(made)}) on conflict (name) do nothing`;
  const [row] = await sql<{ value: string }[]>`select value from app_secrets where name = ${DEVELOPMENT_KEYS}`;
  const kept = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject: c.VAPID_SUBJECT || DEVELOPMENT_SUBJECT };
}

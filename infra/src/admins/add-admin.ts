// Adding an admin account: the one write behind the first-admin command and the demo admin. The e-mail is unique, so
// two additions racing for one address add it once; the other is told it exists.
import type { Sql } from 'postgres';
import { hashPassword } from '../passwords.js';

/** What the first admin may do: every part of the portal. */
const ALL_PERMISSIONS = ['auctions', 'users', 'queues'];

export interface NewAdmin {
  email: string;
  name: string;
  password: string;
}

/** The new admin's id, or null when an admin with that e-mail exists already (then nothing is changed). */
export async function addAdmin(sql: Sql, admin: NewAdmin): Promise<number | null> {
  const [exists] = await sql`select 1 from admin_users where email = ${admin.email}`;
  if (exists) return null;
  const [row] = await sql<{ id: number }[]>`
    insert into admin_users (email, name, password_hash, permissions)
    values (${admin.email}, ${admin.name}, ${await hashPassword(admin.password)}, ${ALL_PERMISSIONS})
    on conflict (email) do nothing
    returning id`;
  return row?.id ?? null;
}

/** How the first admin of a production deployment is made (production gets no demo admin); docs: README. */
export const FIRST_ADMIN_HINT =
  'Make the first admin with `npm run admin:create -- --email you@example.com` (in the image: `node infra/dist/create-admin-cli.js --email you@example.com`), which reads the password from standard input or --password-file.';

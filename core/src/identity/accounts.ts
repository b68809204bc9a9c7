import type { Sql } from 'postgres';
import type { AdminUser, SessionUser } from '@app/shared';
import { verifyPassword } from '@app/infra';
import { Forbidden } from '../errors.js';

export const ACCOUNT_SUSPENDED = 'This account is suspended. Please contact support.';
export const ACCOUNT_NOT_CONFIRMED =
  'This account is not confirmed yet: open the link in the email we sent you. No email, or the link expired? Sign up again with the same address for a new link.';

/** Same answer for an unknown email and a wrong password, so sign-in does not reveal who has an account. */
export async function checkUserCredentials(sql: Sql, email: string, password: string): Promise<SessionUser | null> {
  const [row] = await sql<(SessionUser & { passwordHash: string; suspended: boolean })[]>`
    select id, name, email, is_premium, password_hash, suspended_at is not null as suspended from users where email = ${email}`;
  // No account yet: the latest sign-up not confirmed. Its password is checked in place of the account's, so an address
  // with a pending sign-up costs the same single hash as any other.
  const [pending] = row
    ? []
    : await sql<{ passwordHash: string }[]>`
        select password_hash from sign_up_attempts
        where email = ${email} and password_hash is not null and confirmed_at is null
        order by id desc limit 1`;
  const ok = await verifyPassword(row?.passwordHash ?? pending?.passwordHash ?? null, password);
  // Said only to someone who knows the password they signed up with, so it tells a stranger nothing.
  if (ok && !row && pending) throw new Forbidden(ACCOUNT_NOT_CONFIRMED);
  if (!ok || !row) return null;
  // Said only to someone who knows the password, so it tells a stranger nothing about the account.
  if (row.suspended) throw new Forbidden(ACCOUNT_SUSPENDED);
  return { id: row.id, name: row.name, email: row.email, isPremium: row.isPremium };
}

export async function checkAdminCredentials(sql: Sql, email: string, password: string): Promise<AdminUser | null> {
  const [row] = await sql<(AdminUser & { passwordHash: string; isActive: boolean })[]>`
    select id, name, email, role, is_active, password_hash, totp_enabled_at is not null as second_factor
    from admin_users where email = ${email}`;
  const ok = await verifyPassword(row?.passwordHash ?? null, password);
  if (!ok || !row || !row.isActive) return null;
  await sql`update admin_users set last_login = now(), updated_at = now() where id = ${row.id}`;
  return { id: row.id, name: row.name, email: row.email, role: row.role, secondFactor: row.secondFactor };
}

// `npm run admin:create -- --email ops@example.com [--name "Ops"] [--password-file /run/secrets/admin_password]`
// (compiled: `node infra/dist/create-admin-cli.js ...`): makes an admin who can sign in at /admin/login. The password
// comes from the file, from standard input when it is piped, or from a hidden prompt at a terminal; the rules every
// chosen password meets apply (length, not one of the common ones). An e-mail that already has an admin is refused
// and nothing is changed.
import { parseArgs } from 'node:util';
import { AdminLoginBodySchema, PersonNameSchema, StoresEnvSchema, parseEnv } from '@app/shared';
import { newPasswordProblem } from './common-passwords.js';
import { createSql } from './db.js';
import { exitIfRefused } from './process-lifecycle.js';
import { readEnvFile } from './env-file.js';
import { addAdmin } from './admins/add-admin.js';
import { promptHidden, readPasswordFile, readPipedPassword } from './admins/read-password.js';

const USAGE =
  'Usage: create-admin-cli --email ops@example.com [--name "Site Admin"] [--password-file FILE] (else the password is read from standard input)';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readPassword(file: string | undefined): Promise<string> {
  if (file !== undefined) return readPasswordFile(file);
  if (!process.stdin.isTTY) return readPipedPassword(process.stdin);
  const first = await promptHidden('Password for the new admin (not shown): ', process.stdin, process.stderr);
  const again = await promptHidden('The same password again: ', process.stdin, process.stderr);
  if (first !== again) throw new Error('The two passwords differ: no admin was made');
  return first;
}

readEnvFile();
const config = exitIfRefused(() => parseEnv(StoresEnvSchema, process.env));
let args;
try {
  args = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, 'password-file': { type: 'string' } },
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}
if (args.email === undefined) fail(USAGE);
const email = AdminLoginBodySchema.shape.email.safeParse(args.email);
if (!email.success) fail(`--email: ${email.error.issues[0]!.message}`);
const name = PersonNameSchema.safeParse(args.name ?? 'Site Admin');
if (!name.success) fail(`--name: ${name.error.issues[0]!.message}`);

let password: string;
try {
  password = await readPassword(args['password-file']);
} catch (err) {
  fail((err as Error).message);
}
if (password === '')
  fail(`No password given: pipe it to standard input or name a file with --password-file.\n${USAGE}`);
const problem = newPasswordProblem(password, email.data);
if (problem) fail(`The password is refused: ${problem}.`);

const sql = createSql(config.DATABASE_URL, { max: 1 });
try {
  const id = await addAdmin(sql, { email: email.data, name: name.data, password });
  if (id === null) fail(`An admin with ${email.data} already exists: nothing was changed.`);
  console.log(`Admin ${email.data} created: sign in at /admin/login.`);
} catch (err) {
  fail(`Cannot add the admin: ${(err as Error).message}`);
} finally {
  await sql.end({ timeout: 2 });
}

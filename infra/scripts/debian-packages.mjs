// @ts-check
// What the scripts need from outside npm (the Postgres and Redis servers, HAProxy, Chromium) comes from the
// distribution's packages: installed when missing if this user may (root with apt-get, as on CI), otherwise the caller
// prints the command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Installs Debian packages with apt-get when running as root on a Debian or Ubuntu machine.
 * @param {string[]} packages
 * @param {string} what  what they are for, for the progress line
 * @returns {boolean} whether an installation was attempted
 */
export function installDebianPackages(packages, what) {
  const aptGet = '/usr/bin/apt-get';
  if (process.getuid?.() !== 0 || !existsSync(aptGet)) return false;
  console.log(`\n> Installing ${what} (Debian packages: ${packages.join(' ')})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync(aptGet, ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync(aptGet, ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  return true;
}

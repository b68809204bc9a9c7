// Text a visitor typed that must survive leaving the page, e.g. to sign in: kept in this tab's sessionStorage.
import { useEffect, useState } from 'react';

function read(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function write(key: string, value: string): void {
  try {
    if (value === '') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the draft lives only as long as the page, as before.
  }
}

/** Like useState for a text, kept under `key` until it is set back to ''. `restored` says it came back from storage. */
export function useDraft(key: string): { value: string; set(v: string): void; restored: boolean } {
  const [initial] = useState(() => read(key));
  const [value, setValue] = useState(initial);
  useEffect(() => write(key, value), [key, value]);
  return { value, set: setValue, restored: initial !== '' };
}

// What to do when a write is refused for lack of a session (go and sign in). Its own module so that the app shell can
// set it without loading the request client and the schemas it parses with.
let handler: (() => void) | undefined;

export function setUnauthorizedWriteHandler(fn: () => void): void {
  handler = fn;
}

export function unauthorizedWrite(): void {
  handler?.();
}

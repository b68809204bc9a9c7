// zod compiles fast parsers with `new Function` when it may; the app's Content-Security-Policy forbids eval, and even
// zod's probe for it is reported as a violation. Parsing without the compiled fast path is plenty fast in a browser.
// Only `config` is imported, so the first paint does not carry zod itself.
import { config } from 'zod';

config({ jitless: true });

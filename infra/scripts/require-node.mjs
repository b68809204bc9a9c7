// The runtime the product is built and tested on: Node 24 LTS (22.12 is the oldest that runs it: node:sqlite for VIN
// decoding, and dependencies that need 22). Imported first by the start and test scripts, so an older Node stops with
// one line instead of failing later in a way that hides the cause.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Node ${process.versions.node} is too old: this product needs Node 22.12 or later (Node 24 LTS is what it is tested on). Install Node 24 from https://nodejs.org and run the command again.`,
  );
  process.exit(1);
}

// A real S3-compatible server for tests: s3rver (the S3 REST API on the local disk) behind a front that checks every
// request's AWS Signature V4 the way S3 does, by signing the same request again with the AWS SDK's own signer and the
// one key pair it knows (s3rver accepts any V4 signature: it only implements V2's check). On a free port with an empty
// bucket, gone with its folder when stopped.
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
// @ts-expect-error s3rver ships no type declarations; its use here is the three calls below.
import S3rver from 's3rver';

/** The one key pair s3rver knows (it still checks the key id), and so the one the front signs with. */
export const S3_TEST_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
const REGION = 'us-east-1';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The settings a process is given to use it (FILE_STORAGE=s3). */
  env: Record<string, string>;
  /** Requests the front refused for their signature. */
  refused: number;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

const bytes = (d: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof d === 'string'
    ? d
    : d instanceof ArrayBuffer
      ? new Uint8Array(d)
      : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

/** node:crypto as the signer's hash (SHA-256, or HMAC-SHA-256 with a key). */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {}
}

const signer = new SignatureV4({
  credentials: S3_TEST_KEY,
  region: REGION,
  service: 's3',
  sha256: Sha256,
  uriEscapePath: false,
});

/** Whether the request carries the signature the SDK's signer makes for it with the known key. */
async function signedCorrectly(req: IncomingMessage): Promise<boolean> {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/[^,]+, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
    req.headers.authorization ?? '',
  );
  const date = req.headers['x-amz-date'];
  if (!auth || auth[1] !== S3_TEST_KEY.accessKeyId || typeof date !== 'string') return false;
  const signedHeaders = auth[2]!.split(';');
  const url = new URL(req.url ?? '/', 'http://front');
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) headers[name] = String(req.headers[name] ?? '');
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  const signed = await signer.sign(
    { method: req.method ?? 'GET', protocol: 'http:', hostname: 'front', path: url.pathname, query, headers },
    {
      signingDate: new Date(date.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')),
      signableHeaders: new Set(signedHeaders),
    },
  );
  return String(signed.headers.authorization).endsWith(`Signature=${auth[3]}`);
}

export async function startS3Server(bucket = 'carbid-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 's3-'));
  const backend = new (S3rver as new (options: object) => S3rverInstance)({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port: backendPort } = await backend.run();
  const state = { refused: 0 };
  const front = createServer((req: IncomingMessage, res: ServerResponse) => {
    void signedCorrectly(req).then((ok) => {
      if (!ok) {
        state.refused += 1;
        req.resume();
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code>' +
            '<Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
        );
        return;
      }
      const onward = httpRequest(
        { host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      onward.on('error', () => res.destroy());
      req.pipe(onward);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_TEST_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_KEY.secretAccessKey,
    },
    get refused() {
      return state.refused;
    },
    stop: async () => {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await backend.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** s3rver ships no types: the part of its API the tests use (a Koa application that serves S3 over HTTP). */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { TestProject } from 'vitest/node';
import { openLocalAuthority } from '../src/lib/seal/local-authority';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose `seal/` (local CA, seal and TSA keys) each test app copies, instead of making keys of its own (the CA's RSA-3072 key takes seconds). */
    sealTemplateDir: string;
  }
}

/** Once per run: the embedded seal's key material, shared by the test apps (seal.test.ts makes its own). */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(`${tmpdir()}/lexserve-seal-template-`);
  const authority = await openLocalAuthority(dir);
  await authority.key('seal');
  await authority.key('tsa');
  project.provide('sealTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

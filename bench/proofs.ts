// A sealed proof's time, in this process (no HTTP, no database): drawing a proof of electronic service with pdfkit
// and sealing it (PAdES, with an RFC 3161 time-stamp from the built-in authority). Budget: a median under 50 ms per
// sealed proof, time-stamp included. Printed beside it, for information: the time pdfkit takes for a bare two-page
// PDF with a line of text on each page, in the same run (the old target, "≤ 3× a bare pdfkit PDF", is retired:
// docs/decisions.md), and stage figures (the time-stamp round trip alone, sealing alone, a seal without time-stamp).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLocalAuthority } from '../apps/api/src/lib/seal/local-authority';
import { sealPdf } from '../apps/api/src/lib/seal/seal-pdf';
import { requestTimestamp } from '../apps/api/src/lib/seal/timestamp-client';
import { createSealer } from '../apps/api/src/lib/seal/sealer';
import { renderProofOfService, type ProofData } from '../apps/api/src/modules/evidence/proof-of-service-pdf';

// pdfkit is the API's dependency: resolved from there (this file sits outside the workspace packages).
const requireFromApi = createRequire(join(import.meta.dirname, '..', 'apps', 'api', 'package.json'));
const N = Number(process.env.BENCH_PROOFS ?? 200);
/** Runs of each figure before it is measured: V8 optimizes a function only after it has run many times (with 5, the
 * first figures measured were mostly unoptimized code: a proof drawn in 7.8 ms at 40 runs, 1.7 ms at 400). */
const WARM_UP = 100;
const dataDir = mkdtempSync(join(tmpdir(), 'lexserve-bench-'));
const sealer = createSealer({
  DATA_DIR: dataDir,
  PUBLIC_URL: 'https://lexserve.example',
  SEAL_P12_PATH: undefined,
  SEAL_P12_PASSPHRASE: undefined,
  TSA_URL: undefined,
});
await sealer.prepare();

const now = new Date('2025-11-21T12:05:00Z');
const data: ProofData = {
  securityId: 'LS-ABCD-EFGH-JKMN-PQRS',
  verificationUrl: 'https://lexserve.example/verify/LS-ABCD-EFGH-JKMN-PQRS',
  generatedAt: now,
  firm: {
    name: 'Demo Attorneys Inc.',
    address: '1 Long Street, Cape Town, 8001',
    email: 'info@demo.co.za',
    phone: '021 555 0100',
  },
  branch: { name: 'Cape Town', practiceNumber: 'P-1234', address: '1 Long Street, Cape Town, 8001' },
  servedOn: {
    firmName: 'Other Attorneys',
    branchName: 'Johannesburg',
    digitalServiceAddress: 'service@other.co.za',
  },
  case: {
    title: 'Plea in Mokoena v Dlamini',
    caseNumber: '2025-1234',
    documentType: 'Plea',
    category: 'Pleadings',
    priority: 'urgent',
    attorney: 'Aisha Patel',
    recipientName: 'Sipho Dlamini',
    recipientAddress: '5 Main Road, Soweto, 1804',
  },
  parties: [
    { role: 'plaintiff', name: 'Mokoena Holdings (Pty) Ltd', identifier: '2015/123456/07', email: null },
    { role: 'defendant', name: 'Sipho Dlamini', identifier: '8001015009087', email: 'sipho@example.co.za' },
  ],
  files: [{ filename: 'plea.pdf', size: 182_345, sha256: 'a'.repeat(64) }],
  trailHeadHash: 'b'.repeat(64),
  servedAt: now,
  serviceDate: now,
  signatureName: 'Aisha Patel',
  signedBy: { name: 'Aisha Patel', email: 'attorney@demo.co.za' },
  addressSource: 'Nominated in the Notice of Intention to Defend',
  delivery: {
    toAddress: 'service@other.co.za',
    sentAt: now,
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
    events: [],
  },
};

/** A bare pdfkit PDF (for information: the notices are drawn with pdfkit too, pdf-kit.ts). */
async function bare(): Promise<Buffer> {
  const PDFDocument = requireFromApi('pdfkit') as typeof import('pdfkit');
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(12).text('Page one');
  doc.addPage();
  doc.font('Helvetica').fontSize(12).text('Page two');
  doc.end();
  return done;
}

/** CPU time of this process (every thread: the main one, the garbage collector's, zlib's) in ms. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** The median CPU time of each figure, by label: on a shared machine, where wall time is mostly waiting for a core. */
const cpuMedians = new Map<string, number>();

async function time(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run(); // warm-up: libraries loaded, code optimized
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < N; i++) {
    const c0 = cpuNow();
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
    cpu.push(cpuNow() - c0);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  cpuMedians.set(label, cpu[Math.floor(cpu.length / 2)]!);
  console.log(
    `${label.padEnd(52)} median ${median.toFixed(2).padStart(7)} ms   p90 ${samples[Math.floor(samples.length * 0.9)]!.toFixed(2).padStart(7)} ms   CPU ${cpuMedians.get(label)!.toFixed(2).padStart(6)} ms`,
  );
  return median;
}
console.log(`${N} runs each, medians`);
const BARE = 'for information: bare pdfkit two-page PDF';
const SEALED = 'proof of service drawn and sealed, time-stamp included';
const baseline = await time(BARE, bare);
const drawn = await time('proof of service drawn (QR code included)', () => renderProofOfService(data));
const sample = await renderProofOfService(data);
const sealed = await time(SEALED, async () => sealer.seal(await renderProofOfService(data)));
// Stage figures: the time-stamp round trip alone (the authority answering a query: with TSA_URL, the network call),
// sealing a proof already drawn, and the same seal without asking for a time-stamp (PAdES B-B).
let query: Buffer = Buffer.alloc(0);
await requestTimestamp((q) => sealer.respondToTimestampQuery((query = q)), sample);
await time('stage: time-stamp round trip alone (built-in TSA)', () => sealer.respondToTimestampQuery(query));
await time('stage: sealing alone, proof already drawn', () => sealer.seal(sample));
const sealKey = await (await openLocalAuthority(dataDir)).key('seal');
await time('stage: proof drawn and sealed, no time-stamp (B-B)', async () =>
  sealPdf(await renderProofOfService(data), {
    key: sealKey,
    timestamps: null,
    reason: 'Sealed by LexServe',
    location: 'South Africa',
    contactInfo: 'https://lexserve.example',
  }),
);
const BUDGET_MS = 50;
console.log(
  `for information: proof drawn ÷ bare pdfkit PDF ${(drawn / baseline).toFixed(1)}×, ` +
    `sealed proof ÷ bare pdfkit PDF ${(sealed / baseline).toFixed(1)}× (CPU ${(cpuMedians.get(SEALED)! / cpuMedians.get(BARE)!).toFixed(1)}×)`,
);
console.log(
  `sealed proof, time-stamp included: median ${sealed.toFixed(2)} ms (budget < ${BUDGET_MS} ms) ${sealed < BUDGET_MS ? 'OK' : 'OVER'}`,
);
rmSync(dataDir, { recursive: true, force: true });

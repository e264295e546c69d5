import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sealCertificates } from '../../db/schema/index';

/** Records a certificate as used now (first use kept, last use moved on). */
export const upsertSealCertificate = (db: DbOrTx, values: typeof sealCertificates.$inferInsert) =>
  db
    .insert(sealCertificates)
    .values(values)
    .onConflictDoUpdate({ target: sealCertificates.fingerprintSha256, set: { lastUsedAt: sql`now()` } });

export const findSealCertificate = async (db: DbOrTx, fingerprint: string) =>
  (await db.select().from(sealCertificates).where(eq(sealCertificates.fingerprintSha256, fingerprint)))[0];

export const listSealCertificates = (db: DbOrTx) =>
  db.select().from(sealCertificates).orderBy(desc(sealCertificates.firstUsedAt));

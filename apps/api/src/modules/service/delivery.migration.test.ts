import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../config/paths';
import { createDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';

const OPENINGS = '0011_delivery_openings.sql';

describe('migration 0011 (delivery openings, proof versions)', () => {
  it(
    'carries an open page’s session over to its opening, and gives existing proof versions their reason',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
      const database = await createDatabase({ memory: true });
      try {
        for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < OPENINGS))
          copyFileSync(join(MIGRATIONS_DIR, f), join(dir, f));
        await migrate(database.raw, dir);
        const raw = database.raw;
        const [firm] = await raw.query<{ id: number }>(
          `INSERT INTO firms (name, contact_email) VALUES ('Old Firm', 'old@firm.co.za') RETURNING id`,
        );
        const [doc] = await raw.query<{ id: number }>(
          `INSERT INTO documents (firm_id, created_by_id) VALUES ($1, 1) RETURNING id`,
          [firm!.id],
        );
        const [opened] = await raw.query<{ id: number }>(
          `INSERT INTO service_deliveries (document_id, firm_id, to_address, token_hash, expires_at, used_at, session_hash, session_expires_at)
         VALUES ($1, $2, 'dsa@firm.co.za', 'token-hash-1', now() + interval '7 days', now(), 'session-hash-1', now() + interval '1 day') RETURNING id`,
          [doc!.id, firm!.id],
        );
        const [unopened] = await raw.query<{ id: number }>(
          `INSERT INTO service_deliveries (document_id, firm_id, to_address, token_hash, expires_at) VALUES ($1, $2, 'dsa@firm.co.za', 'token-hash-2', now()) RETURNING id`,
          [doc!.id, firm!.id],
        );
        await raw.query(
          `INSERT INTO service_delivery_events (delivery_id, kind) VALUES ($1, 'sent'), ($1, 'opened'), ($1, 'downloaded'), ($2, 'sent')`,
          [opened!.id, unopened!.id],
        );
        const [proof] = await raw.query<{ id: number }>(
          `INSERT INTO proofs_of_service (document_id, firm_id, security_id, current_version) VALUES ($1, $2, 'LS-AAAA-BBBB-CCCC-DDDD', 2) RETURNING id`,
          [doc!.id, firm!.id],
        );
        await raw.query(
          `INSERT INTO proof_of_service_files (proof_id, version, storage_key, sha256, size) VALUES ($1, 1, 'k1', 's1', 10), ($1, 2, 'k2', 's2', 11)`,
          [proof!.id],
        );

        copyFileSync(join(MIGRATIONS_DIR, OPENINGS), join(dir, OPENINGS));
        expect(await migrate(raw, dir)).toEqual([OPENINGS]);
        const events = await raw.query<{ delivery_id: number; kind: string; session_hash: string | null }>(
          `SELECT delivery_id, kind, session_hash FROM service_delivery_events ORDER BY id`,
        );
        expect(events).toEqual([
          { delivery_id: opened!.id, kind: 'sent', session_hash: null },
          { delivery_id: opened!.id, kind: 'opened', session_hash: 'session-hash-1' },
          { delivery_id: opened!.id, kind: 'downloaded', session_hash: null },
          { delivery_id: unopened!.id, kind: 'sent', session_hash: null },
        ]);
        const columns = await raw.query<{ column_name: string }>(
          `SELECT column_name FROM information_schema.columns WHERE table_name = 'service_deliveries' AND column_name LIKE 'session%'`,
        );
        expect(columns).toEqual([]);
        expect(
          await raw.query(
            `SELECT version, reason, delivery_event_id FROM proof_of_service_files ORDER BY version`,
          ),
        ).toEqual([
          { version: 1, reason: 'issued', delivery_event_id: null },
          { version: 2, reason: 'regenerated', delivery_event_id: null },
        ]);
        // The new kind is accepted; anything else is still refused.
        await raw.query(
          `INSERT INTO service_delivery_events (delivery_id, kind) VALUES ($1, 'fresh_link_requested')`,
          [opened!.id],
        );
        await expect(
          raw.query(`INSERT INTO service_delivery_events (delivery_id, kind) VALUES ($1, 'printed')`, [
            opened!.id,
          ]),
        ).rejects.toThrow();
      } finally {
        await database.raw.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

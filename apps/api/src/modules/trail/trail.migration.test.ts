import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../config/paths';
import { createDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { addTimelineEvent, chainOf } from './timeline.repository';
import { checkChain } from './trail-hash';
import { backfillTrails } from './trail.service';

const TRAIL = '0012_tamper_evident_trail.sql';

describe('migration 0012 (tamper-evident trail)', () => {
  it(
    'applies over events written before it, which the start-up backfill then hashes in order, once',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
      const database = await createDatabase({ memory: true });
      try {
        for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < TRAIL))
          copyFileSync(join(MIGRATIONS_DIR, f), join(dir, f));
        await migrate(database.raw, dir);
        const raw = database.raw;
        const [firm] = await raw.query<{ id: number }>(
          `INSERT INTO firms (name, contact_email) VALUES ('Old Firm', 'old@firm.co.za') RETURNING id`,
        );
        const docs: number[] = [];
        for (const n of [1, 2]) {
          const [doc] = await raw.query<{ id: number }>(
            `INSERT INTO documents (firm_id, created_by_id, title) VALUES ($1, 1, $2) RETURNING id`,
            [firm!.id, `Old ${n}`],
          );
          docs.push(doc!.id);
          // As the database wrote them then: created_at by the database (microseconds), in one transaction.
          await raw.exec(`BEGIN;
          INSERT INTO document_events (document_id, firm_id, event_type, event_description, performed_by_id, is_system_event, event_metadata)
            VALUES (${doc!.id}, ${firm!.id}, 'created', 'Created', 1, true, '{"b": 2, "a": {"d": 1, "c": [1, 2]}}');
          INSERT INTO document_events (document_id, firm_id, event_type, event_description, performed_by_id)
            VALUES (${doc!.id}, ${firm!.id}, 'updated', 'Renamed', 1);
          COMMIT;`);
        }

        copyFileSync(join(MIGRATIONS_DIR, TRAIL), join(dir, TRAIL));
        expect(await migrate(raw, dir)).toEqual([TRAIL]);
        const unhashed = await raw.query(
          `SELECT count(*)::int AS n FROM document_events WHERE chain_hash IS NULL`,
        );
        expect(unhashed[0]).toEqual({ n: 4 });

        const log = { info: () => undefined } as unknown as FastifyBaseLogger;
        expect(await backfillTrails(database.db, log)).toBe(4);
        for (const id of docs)
          expect(checkChain(await chainOf(database.db, id))).toMatchObject({ intact: true, events: 2 });
        expect(await backfillTrails(database.db, log)).toBe(0);

        // New events (written by today's code, so with every later migration applied) extend the backfilled chain.
        for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f > TRAIL))
          copyFileSync(join(MIGRATIONS_DIR, f), join(dir, f));
        await migrate(raw, dir);
        await database.db.transaction((tx) =>
          addTimelineEvent(tx, {
            documentId: docs[0]!,
            firmId: firm!.id,
            type: 'comment_added',
            description: 'After the migration',
          }),
        );
        expect(checkChain(await chainOf(database.db, docs[0]!))).toMatchObject({ intact: true, events: 3 });
      } finally {
        await database.raw.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../config/paths';
import { createDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';

const RETURNS = '0010_service_returns.sql';

describe('migration 0010 (service returns)', () => {
  it(
    'copies the attempts recorded as timeline entries into service_attempts, on a South African clock',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
      const database = await createDatabase({ memory: true });
      try {
        for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < RETURNS))
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
        const meta = {
          attempt_date: '2025-11-20',
          attempt_time: '09:30',
          place: '5 Main Road, Soweto',
          outcome: 'not_found',
          notes: 'Nobody home',
          outcome_label: 'Not found (non est)',
        };
        const [event] = await raw.query<{ id: number }>(
          `INSERT INTO document_events (document_id, firm_id, event_type, performed_by_id, event_metadata) VALUES ($1, $2, 'service_attempt', 1, $3) RETURNING id::int AS id`,
          [doc!.id, firm!.id, JSON.stringify(meta)],
        );
        await raw.query(
          `INSERT INTO document_events (document_id, firm_id, event_type, performed_by_id, event_metadata) VALUES ($1, $2, 'service_attempt', 1, $3)`,
          [doc!.id, firm!.id, JSON.stringify({ attempt_date: 'someday', outcome: 'other' })],
        );

        copyFileSync(join(MIGRATIONS_DIR, RETURNS), join(dir, RETURNS));
        expect(await migrate(raw, dir)).toEqual([RETURNS]);
        const rows = await raw.query<{
          device_time: string;
          address: string;
          outcome: string;
          notes: string;
          sheriff_id: number;
          timeline_event_id: number;
          latitude: number | null;
        }>(
          `SELECT to_char(device_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS device_time, address, outcome, notes, sheriff_id, timeline_event_id::int AS timeline_event_id, latitude
           FROM service_attempts WHERE document_id = $1`,
          [doc!.id],
        );
        // The unreadable entry (no usable date and time) stays on the timeline only.
        expect(rows).toEqual([
          {
            device_time: '2025-11-20T07:30',
            address: '5 Main Road, Soweto',
            outcome: 'not_found',
            notes: 'Nobody home',
            sheriff_id: 1,
            timeline_event_id: event!.id,
            latitude: null,
          },
        ]);
      } finally {
        await database.raw.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

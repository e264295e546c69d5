import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../config/paths';
import { createDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';

const TARGETS = '0023_service_targets.sql';

describe('migration 0023 (service targets)', () => {
  it(
    'gives existing documents one target per served-side party and moves their returns, attempts and dates to them',
    { timeout: 180_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
      const database = await createDatabase({ memory: true });
      try {
        for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < TARGETS))
          copyFileSync(join(MIGRATIONS_DIR, f), join(dir, f));
        await migrate(database.raw, dir);
        const raw = database.raw;
        const one = async <T>(sql: string, params: unknown[] = []) => (await raw.query<T>(sql, params))[0]!;
        const { id: firm } = await one<{ id: number }>(
          `INSERT INTO firms (name, contact_email) VALUES ('Old Firm', 'old@firm.co.za') RETURNING id`,
        );
        const party = async (name: string) =>
          (
            await one<{ id: number }>(
              `INSERT INTO parties (firm_id, party_type, first_name, last_name, physical_address) VALUES ($1, 'individual', $2, 'Old', $3) RETURNING id`,
              [firm, name, `${name} Street 1`],
            )
          ).id;
        const doc = async (values: string) =>
          (
            await one<{ id: number }>(
              `INSERT INTO documents (firm_id, created_by_id, document_type, assigned_sheriff_id, ${values.split('|')[0]})
               VALUES ($1, 1, 'summons_combined', 1, ${values.split('|')[1]}) RETURNING id`,
              [firm],
            )
          ).id;
        const link = (documentId: number, partyId: number, role: string) =>
          raw.query(
            `INSERT INTO document_parties (document_id, party_id, firm_id, role) VALUES ($1, $2, $3, $4)`,
            [documentId, partyId, firm, role],
          );
        const attempt = (documentId: number) =>
          raw.query(
            `INSERT INTO service_attempts (document_id, firm_id, sheriff_id, device_time, address, outcome) VALUES ($1, $2, 1, now(), 'x', 'not_found')`,
            [documentId, firm],
          );
        const ret = async (documentId: number, served: boolean) =>
          (
            await one<{ id: number }>(
              served
                ? `INSERT INTO service_returns (document_id, firm_id, sheriff_id, kind, outcome, manner, served_at, address, person_served_name, subtotal_cents, vat_cents, total_cents, sheriff_full_name)
                   VALUES ($1, $2, 1, 'return_of_service', 'served', 'personal', '2026-03-02T22:30:00Z', 'x', 'A', 0, 0, 0, 'S') RETURNING id`
                : `INSERT INTO service_returns (document_id, firm_id, sheriff_id, kind, outcome, non_service_reason, subtotal_cents, vat_cents, total_cents, sheriff_full_name)
                   VALUES ($1, $2, 1, 'return_of_non_service', 'not_served', 'moved', 0, 0, 0, 'S') RETURNING id`,
              [documentId, firm],
            )
          ).id;

        // Served by the sheriff: one defendant, a non-service then a service return, one attempt.
        const served = await doc(
          `status, service_method, submitted_at, served_at, service_date|'served', 'sheriff', now(), now(), '2026-03-02T22:30:00Z'`,
        );
        const defendant = await party('Sipho');
        await link(served, defendant, 'defendant');
        await link(served, await party('Plaintiff'), 'plaintiff');
        await attempt(served);
        const nonService = await ret(served, false);
        const service = await ret(served, true);
        // With the sheriff, two respondents, a return of non-service and two attempts.
        const assigned = await doc(`status, service_method, submitted_at|'assigned', 'sheriff', now()`);
        const first = await party('First');
        const second = await party('Second');
        await link(assigned, first, 'respondent');
        await link(assigned, second, 'respondent');
        await attempt(assigned);
        await attempt(assigned);
        const assignedReturn = await ret(assigned, false);
        // Served electronically.
        const electronic = await doc(
          `status, service_method, digital_service_address, submitted_at, served_at, service_date|'served', 'electronic', 'dsa@old.co.za', now(), '2026-04-01T08:00:00Z', '2026-04-01T08:00:00Z'`,
        );
        await link(electronic, await party('Elec'), 'defendant');
        const before = await one<{ attempts: number; returns: number }>(
          `SELECT (SELECT count(*) FROM service_attempts)::int AS attempts, (SELECT count(*) FROM service_returns)::int AS returns`,
        );

        copyFileSync(join(MIGRATIONS_DIR, TARGETS), join(dir, TARGETS));
        expect(await migrate(raw, dir)).toEqual([TARGETS]);

        const targets = await raw.query<{
          id: number;
          document_id: number;
          party_id: number;
          channel: string;
          address: string;
          sheriff_id: number | null;
          status: string;
          service_date: string | null;
          served_return_id: number | null;
        }>(
          `SELECT id, document_id, party_id, channel, address, sheriff_id, status, service_date::text AS service_date, served_return_id
             FROM service_targets ORDER BY id`,
        );
        expect(targets.map(({ id: _id, ...t }) => t)).toEqual([
          {
            document_id: served,
            party_id: defendant,
            channel: 'sheriff',
            address: 'Sipho Street 1',
            sheriff_id: 1,
            status: 'served',
            // 22:30 UTC is the next day in South Africa.
            service_date: '2026-03-03',
            served_return_id: service,
          },
          {
            document_id: assigned,
            party_id: first,
            channel: 'sheriff',
            address: 'First Street 1',
            sheriff_id: 1,
            status: 'not_served',
            service_date: null,
            served_return_id: null,
          },
          {
            document_id: assigned,
            party_id: second,
            channel: 'sheriff',
            address: 'Second Street 1',
            sheriff_id: 1,
            status: 'not_served',
            service_date: null,
            served_return_id: null,
          },
          {
            document_id: electronic,
            party_id: expect.any(Number),
            channel: 'electronic',
            address: 'dsa@old.co.za',
            sheriff_id: null,
            status: 'served_electronically',
            service_date: '2026-04-01',
            served_return_id: null,
          },
        ]);
        // Nothing lost: every attempt and return is still there, on its document's first target.
        const after = await raw.query<{
          id: number;
          document_id: number;
          target_id: number | null;
          kind: string;
        }>(
          `SELECT id, document_id, target_id, 'return' AS kind FROM service_returns
           UNION ALL SELECT id, document_id, target_id, 'attempt' FROM service_attempts ORDER BY kind, id`,
        );
        expect(after.filter((r) => r.kind === 'attempt')).toHaveLength(before.attempts);
        expect(after.filter((r) => r.kind === 'return')).toHaveLength(before.returns);
        const firstTargetOf = (documentId: number) => targets.find((t) => t.document_id === documentId)!.id;
        for (const r of after) expect(r.target_id).toBe(firstTargetOf(r.document_id));
        expect(after.filter((r) => r.kind === 'return').map((r) => r.id)).toEqual([
          nonService,
          service,
          assignedReturn,
        ]);
        // One return of service per person now: a second one for the served target is refused.
        await expect(
          raw.query(
            `INSERT INTO service_returns (document_id, firm_id, sheriff_id, kind, outcome, manner, served_at, address, person_served_name, subtotal_cents, vat_cents, total_cents, sheriff_full_name, target_id)
             VALUES ($1, $2, 1, 'return_of_service', 'served', 'personal', now(), 'x', 'B', 0, 0, 0, 'S', $3)`,
            [served, firm, firstTargetOf(served)],
          ),
        ).rejects.toThrow(/service_returns_one_served/);
      } finally {
        await database.raw.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

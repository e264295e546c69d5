import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, rowsOf, type Database } from './client';
import { migrate } from './migrate';
import { builtPerShape, prepared } from './prepared';
import { users } from './schema/index';

let database: Database;
beforeAll(async () => {
  database = await createDatabase({ memory: true });
  await migrate(database.raw);
});
afterAll(() => database.raw.close());

describe('prepared', () => {
  const build = vi.fn((db: Parameters<Parameters<typeof prepared>[1]>[0]) =>
    db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.id} = ANY(${sql.placeholder('ids')})`)
      .orderBy(users.id),
  );
  const emailsOf = prepared('test_user_emails', build);

  it('builds the statement once per database and runs it with each call’s values', async () => {
    const ids = await database.raw.query<{ id: number }>(
      `INSERT INTO users (email, username, full_name, password_hash, role) VALUES
       ('a@x.co.za', 'a', 'A', 'x', 'sheriff'), ('b@x.co.za', 'b', 'B', 'x', 'sheriff') RETURNING id`,
    );
    expect(await emailsOf(database.db, { ids: ids.map((r) => r.id) })).toEqual([
      { email: 'a@x.co.za' },
      { email: 'b@x.co.za' },
    ]);
    expect(await emailsOf(database.db, { ids: [ids[1]!.id] })).toEqual([{ email: 'b@x.co.za' }]);
    expect(await emailsOf(database.db, { ids: [] })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('runs within a transaction on the transaction, seeing its own writes', async () => {
    await database.db.transaction(async (tx) => {
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(
          sql`INSERT INTO users (email, username, full_name, password_hash, role) VALUES ('c@x.co.za', 'c', 'C', 'x', 'sheriff') RETURNING id`,
        ),
      );
      expect(await emailsOf(tx, { ids: [row!.id] })).toEqual([{ email: 'c@x.co.za' }]);
    });
  });

  it('builds a statement once per shape, each run planned for its own values', async () => {
    const build = vi.fn((db: Parameters<typeof emailsOf>[0], shape: { byRole: boolean }) =>
      db
        .select({ email: users.email })
        .from(users)
        .where(
          shape.byRole
            ? sql`${users.role} = ${sql.placeholder('role')}`
            : sql`${users.email} LIKE ${sql.placeholder('pattern')}`,
        )
        .orderBy(users.email),
    );
    const emails = builtPerShape((shape: { byRole: boolean }) => String(shape.byRole), build);
    await database.raw.query(
      `INSERT INTO users (email, username, full_name, password_hash, role) VALUES ('d@y.co.za', 'd', 'D', 'x', 'firm_admin'), ('e@y.co.za', 'e', 'E', 'x', 'firm_admin')`,
    );
    expect(await emails(database.db, { byRole: true }, { role: 'firm_admin' })).toEqual([
      { email: 'd@y.co.za' },
      { email: 'e@y.co.za' },
    ]);
    expect(await emails(database.db, { byRole: false }, { pattern: 'e@%' })).toEqual([
      { email: 'e@y.co.za' },
    ]);
    expect(await emails(database.db, { byRole: false }, { pattern: 'd@%' })).toEqual([
      { email: 'd@y.co.za' },
    ]);
    expect(build).toHaveBeenCalledTimes(2);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE users SET role = 'sheriff' WHERE email = 'e@y.co.za'`);
      expect(await emails(tx, { byRole: true }, { role: 'firm_admin' })).toEqual([{ email: 'd@y.co.za' }]);
    });
  });
});

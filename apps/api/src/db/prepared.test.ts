import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, rowsOf, type Database } from './client';
import { migrate } from './migrate';
import { prepared } from './prepared';
import { users } from './schema/index';

let database: Database;
beforeAll(async () => {
  database = await createDatabase({ memory: true });
  await migrate(database.raw);
});
afterAll(() => database.raw.close());

describe('prepared', () => {
  const build = vi.fn((db: Parameters<Parameters<typeof prepared>[1]>[0]) =>
    db.select({ email: users.email }).from(users).where(sql`${users.id} = ANY(${sql.placeholder('ids')})`).orderBy(users.id),
  );
  const emailsOf = prepared('test_user_emails', build);

  it('builds the statement once per database and runs it with each call’s values', async () => {
    const ids = await database.raw.query<{ id: number }>(
      `INSERT INTO users (email, username, full_name, password_hash, role) VALUES
       ('a@x.co.za', 'a', 'A', 'x', 'sheriff'), ('b@x.co.za', 'b', 'B', 'x', 'sheriff') RETURNING id`,
    );
    expect(await emailsOf(database.db, { ids: ids.map((r) => r.id) })).toEqual([{ email: 'a@x.co.za' }, { email: 'b@x.co.za' }]);
    expect(await emailsOf(database.db, { ids: [ids[1]!.id] })).toEqual([{ email: 'b@x.co.za' }]);
    expect(await emailsOf(database.db, { ids: [] })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('runs within a transaction on the transaction, seeing its own writes', async () => {
    await database.db.transaction(async (tx) => {
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(sql`INSERT INTO users (email, username, full_name, password_hash, role) VALUES ('c@x.co.za', 'c', 'C', 'x', 'sheriff') RETURNING id`),
      );
      expect(await emailsOf(tx, { ids: [row!.id] })).toEqual([{ email: 'c@x.co.za' }]);
    });
  });
});

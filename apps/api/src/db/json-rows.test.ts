import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './client';
import { fromJsonObject, fromJsonRow, jsonArray, jsonObject, jsonRow } from './json-rows';
import { migrate } from './migrate';
import { caseFiles, firms, users } from './schema/index';

let database: Database;
beforeAll(async () => {
  database = await createDatabase({ memory: true });
  await migrate(database.raw);
});
afterAll(() => database.raw.close());

describe('JSON rows', () => {
  it('gives back exactly the row a select gives: dates, booleans, nulls, big integers', async () => {
    const [firm] = await database.db
      .insert(firms)
      .values({ name: 'Mokoena Inc', contactEmail: 'info@mokoena.co.za', isActive: false })
      .returning();
    const [user] = await database.raw.query<{ id: number }>(
      `INSERT INTO users (email, username, full_name, password_hash, role, firm_id) VALUES ('t@x.co.za', 't', 'T', 'x', 'firm_admin', ${firm!.id}) RETURNING id`,
    );
    const [doc] = await database.raw.query<{ id: number }>(
      `INSERT INTO documents (title, firm_id, created_by_id, status) VALUES ('Plea', ${firm!.id}, ${user!.id}, 'draft') RETURNING id`,
    );
    await database.db.insert(caseFiles).values({
      documentId: doc!.id,
      firmId: firm!.id,
      filename: 'plea.pdf',
      storageKey: 'k',
      mimeType: 'application/pdf',
      sha256: 'a'.repeat(64),
      size: 5_000_000_000,
      uploadedById: user!.id,
    });

    const [selected] = await database.db.select().from(firms).where(eq(firms.id, firm!.id));
    const [asJson] = await database.db
      .select({ j: jsonRow(firms) })
      .from(firms)
      .where(eq(firms.id, firm!.id));
    expect(fromJsonRow(firms, asJson!.j as Record<string, unknown>)).toEqual(selected);
    expect(selected!.createdAt).toBeInstanceOf(Date);

    const [file] = await database.db.select().from(caseFiles).where(eq(caseFiles.documentId, doc!.id));
    const [fileJson] = await database.db
      .select({ j: jsonRow(caseFiles) })
      .from(caseFiles)
      .where(eq(caseFiles.documentId, doc!.id));
    expect(fromJsonRow(caseFiles, fileJson!.j as Record<string, unknown>)).toEqual(file);

    const person = { id: users.id, fullName: users.fullName, firmId: users.firmId };
    const [list] = await database.db
      .select({
        people: jsonArray(jsonObject(person), sql`${users} WHERE ${users.id} = ${user!.id}`),
        none: jsonArray(jsonObject(person), sql`${users} WHERE false`),
      })
      .from(sql`(SELECT 1) AS one`);
    expect((list!.people as Record<string, unknown>[]).map((j) => fromJsonObject(person, j))).toEqual([
      { id: user!.id, fullName: 'T', firmId: firm!.id },
    ]);
    expect(list!.none).toEqual([]);
  });
});

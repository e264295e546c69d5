import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { makePdf, upload } from '../../../test/document-factories';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';

const t = useTestApp();
let token: string;
let other: RegisteredFirm;
let documentId: number;
let fileIds: number[];
let pdf: Buffer;

beforeAll(async () => {
  token = await t().login(DEMO.attorney);
  other = await registerFirm(t());
  documentId = (await t().as(token).post('/api/v1/documents/', { title: 'Viewed' })).json().data.id;
  pdf = await makePdf(2);
  const res = await upload(t(), token, documentId, [
    { filename: 'Summons – Mokoena.pdf', content: pdf },
    { filename: 'annexure.pdf', content: await makePdf(1) },
  ]);
  fileIds = res.json().data.files.map((f: { id: number }) => f.id);
}, 120_000);

const linkFor = async (as: string, fileId = fileIds[0]!, docId = documentId) =>
  t().as(as).post(`/api/v1/documents/${docId}/files/${fileId}/view-link`);
/** Opens a view address the way an iframe does: no Authorization header. */
const open = (url: string) => t().inject({ method: 'GET', url });

describe('file view links', () => {
  it('shows the file inline from an address that ends with its name, without a bearer header', async () => {
    const res = await linkFor(token);
    expect(res.statusCode, res.body).toBe(201);
    const { url, expires_at } = res.json() as { url: string; expires_at: string };
    const path = new URL(url, 'http://x').pathname;
    expect(path).toBe(
      `/api/v1/documents/${documentId}/files/${fileIds[0]}/view/${encodeURIComponent('Summons – Mokoena.pdf')}`,
    );
    expect(decodeURIComponent(path.split('/').pop()!)).toBe('Summons – Mokoena.pdf');
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

    const view = await open(url);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['content-disposition']).toBe(
      `inline; filename="Summons _ Mokoena.pdf"; filename*=UTF-8''${encodeURIComponent('Summons – Mokoena.pdf')}`,
    );
    expect(view.headers['cache-control']).toBe('private, no-store');
    expect(view.rawPayload.equals(pdf)).toBe(true);
  });

  it('opens only the file its ticket names, whatever name the path carries', async () => {
    const { url } = (await linkFor(token)).json() as { url: string };
    const ticket = new URL(url, 'http://x').searchParams.get('token')!;
    const other = await open(
      `/api/v1/documents/${documentId}/files/${fileIds[1]}/view/annexure.pdf?token=${encodeURIComponent(ticket)}`,
    );
    expect(other.statusCode).toBe(401);
    const renamed = await open(url.replace(encodeURIComponent('Summons – Mokoena.pdf'), 'anything.pdf'));
    expect(renamed.statusCode).toBe(200);
  });

  it('refuses a missing, forged or altered ticket, and an access token in its place', async () => {
    const { url } = (await linkFor(token)).json() as { url: string };
    const base = url.split('?')[0]!;
    expect((await open(base)).statusCode).toBe(422);
    expect((await open(`${base}?token=not-a-ticket`)).statusCode).toBe(401);
    expect((await open(`${base}?token=${encodeURIComponent(token)}`)).statusCode).toBe(401);
    const ticket = new URL(url, 'http://x').searchParams.get('token')!;
    const [head, body, sig] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, file: fileIds[1] })).toString('base64url');
    expect(
      (
        await open(
          `/api/v1/documents/${documentId}/files/${fileIds[1]}/view/x.pdf?token=${head}.${forged}.${sig}`,
        )
      ).statusCode,
    ).toBe(401);
  });

  it('ends with the login session: after logout the link no longer opens', async () => {
    const session = await t().login(DEMO.branchAdmin);
    const { url } = (await linkFor(session)).json() as { url: string };
    expect((await open(url)).statusCode).toBe(200);
    expect((await t().as(session).post('/api/v1/users/logout', {})).statusCode).toBeLessThan(300);
    expect((await open(url)).statusCode).toBe(401);
  });

  it('gives no link without a session, for another firm, or for a file not in the document', async () => {
    expect(
      (
        await t().inject({
          method: 'POST',
          url: `/api/v1/documents/${documentId}/files/${fileIds[0]}/view-link`,
        })
      ).statusCode,
    ).toBe(401);
    const foreign = await linkFor(other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Mokoena');
    expect((await linkFor(token, 999_999)).statusCode).toBe(404);
  });
});

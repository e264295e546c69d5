import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../../testing/api-server';
import { signIn } from '../../../testing/render';
import { emptyParty, toCreatePartyBody, type PartyData } from '../utils/party-rules';
import { saveWizardParty } from './parties';

const entered: PartyData = {
  ...emptyParty('individual', 'defendant'),
  title: 'Mr',
  first_name: 'Sipho',
  last_name: 'Dlamini',
  id_number: '8001015009087',
  physical_address: '9 New Road, Soweto, 1804',
};
/** The party on record, on a served document, with the address it had then. */
const onRecord = {
  ...toCreatePartyBody(entered),
  id: 7,
  party_type: 'individual',
  physical_address: '5 Main Road, Soweto, 1804',
};
const locked = reply(409, {
  detail: 'This party is on a served document and cannot be changed. Record a correction as a new party.',
  code: 'PARTY_ON_SERVED_DOCUMENT',
});

describe('saveWizardParty with a party found by its ID number', () => {
  beforeEach(() => signIn());

  it('records changed details of a party on a served document as a correction, and links the new party', async () => {
    const api = mockApi({
      'GET /parties': reply(200, { parties: [onRecord], total: 1 }),
      'PUT /parties/7': locked,
      'POST /parties/7/corrections': reply(201, {
        status: 'success',
        data: { party: { ...onRecord, id: 8 }, corrects_party_id: 7, documents: [] },
      }),
      'POST /parties/8/documents/42': reply(201, { status: 'success', data: {} }),
    });
    const saved = await saveWizardParty(42, entered);
    expect(saved.id).toBe(8);
    expect(api.find('POST', '/parties/7/corrections')[0]!.body).toMatchObject({
      physical_address: '9 New Road, Soweto, 1804',
    });
    expect(api.find('POST', '/parties/8/documents/42')).toHaveLength(1);
  });

  it('reuses the party as it is when the details entered are the same (no correction)', async () => {
    const api = mockApi({
      'GET /parties': reply(200, {
        parties: [{ ...onRecord, physical_address: entered.physical_address }],
        total: 1,
      }),
      'PUT /parties/7': locked,
      'POST /parties/7/documents/42': reply(201, { status: 'success', data: {} }),
    });
    expect((await saveWizardParty(42, entered)).id).toBe(7);
    expect(api.find('POST', '/parties/7/corrections')).toHaveLength(0);
  });
});

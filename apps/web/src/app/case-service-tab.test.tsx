import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, reply } from '../testing/api-server';
import { renderWithProviders, signIn } from '../testing/render';
import { makeAttempt, makeDocument, makePhoto, makeReturn } from '../testing/service-factories';
import { CaseServiceTab } from '../features/documents/components/case-service-tab';
import { ProofOfServiceTab } from '../features/documents/components/proof-of-service-tab';
import { SheriffServiceCards } from '../features/sheriff/components/sheriff-service-cards';

const SHA = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

// The Service tab as app/routes/active-case composes it: the documents feature's tab with the sheriff feature's cards.
const sheriffCards = (props: Parameters<typeof SheriffServiceCards>[0]) => <SheriffServiceCards {...props} />;

const setup = (handlers: Parameters<typeof mockApi>[0], ui: Parameters<typeof renderWithProviders>[0]) => {
  signIn();
  const api = mockApi({ 'GET /users/sheriffs': reply(200, { users: [] }), ...handlers });
  renderWithProviders(ui);
  return api;
};

describe('the firm’s Service tab of a document served by the sheriff', () => {
  it('shows the returns issued and the attempts with both times, the GPS position and the photos', async () => {
    const notServed = makeReturn({
      id: 2,
      kind: 'return_of_non_service',
      outcome: 'not_served',
      manner: null,
      manner_label: null,
      rule: null,
      served_at: null,
      person_served_name: null,
      person_served_capacity: null,
      non_service_reason: 'Not found at the address',
      diligent_search: 'Two visits; the neighbour says he works nights',
      issued_at: '2025-06-01T15:00:00Z',
      total_cents: 17_250,
      vat_cents: 2_250,
    });
    const { find } = setup(
      {
        'GET /documents/42/returns': reply(200, { returns: [makeReturn(), notServed] }),
        'GET /documents/42/service-attempts': reply(200, {
          attempts: [
            makeAttempt({
              id: 6,
              server_time: '2025-06-01T14:40:00Z',
              device_time: '2025-06-01T16:39:00+02:00',
              latitude: null,
              longitude: null,
              accuracy_m: null,
            }),
            makeAttempt({
              photos: [makePhoto(1, SHA)],
              outcome: 'served_personally',
              outcome_label: 'Served personally',
            }),
          ],
        }),
        'GET /documents/42/service-attempts/7/photos/1': () =>
          new Response(new Uint8Array([0xff, 0xd8, 0xff]), {
            status: 200,
            headers: { 'Content-Type': 'image/jpeg' },
          }),
      },
      <CaseServiceTab
        document={makeDocument({ status: 'served', service_date: '2025-06-02T07:30:00Z' })}
        isFirmRole
        isAssignedSheriff={false}
        currentUserId={5}
        sheriffCards={sheriffCards}
      />,
    );

    const served = await screen.findByRole('article', { name: /^Return of Service issued/ });
    expect(served).toHaveTextContent('Served02/06/2025 09:30');
    expect(served).toHaveTextContent('Personally, on the person to be served (Uniform Rule 4(1)(a))');
    expect(served).toHaveTextContent('Sipho Dlamini, The defendant');
    expect(served).toHaveTextContent('Fees totalR 402.50 (incl. VAT R 52.50)');
    expect(
      within(served).getByRole('button', { name: 'Download Return of Service (PDF)' }),
    ).toBeInTheDocument();
    const earlier = screen.getByRole('article', { name: /^Return of Non-Service issued/ });
    expect(earlier).toHaveTextContent('Not found at the address');
    expect(earlier).toHaveTextContent('R 172.50');
    // Only the newest return is the document's proof to download.
    expect(within(earlier).queryByRole('button')).not.toBeInTheDocument();
    // The firm issues no return and records no attempt.
    expect(screen.queryByRole('button', { name: 'Issue Return' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record Service Attempt' })).not.toBeInTheDocument();

    const attempts = within(await screen.findByRole('list', { name: 'Service attempts' })).getAllByRole(
      'listitem',
      { name: /^Attempt/ },
    );
    expect(attempts).toHaveLength(2);
    const latest = attempts[0]!;
    expect(latest).toHaveAccessibleName('Attempt 2');
    expect(latest).toHaveTextContent('Device time02/06/2025 09:15');
    expect(latest).toHaveTextContent('Server time02/06/2025 09:15');
    expect(latest).toHaveTextContent('-26.171500, 28.032400 ±12 m');
    expect(
      within(latest).getByRole('link', { name: /^Map of attempt position -26.171500, 28.032400/ }),
    ).toHaveAttribute('href', expect.stringContaining('mlat=-26.1715&mlon=28.0324'));
    expect(latest).toHaveTextContent('Served personally');
    expect(await within(latest).findByRole('img', { name: 'Attempt 2, photo 1' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(latest).toHaveTextContent('9f86d081…f00a08');
    expect(find('GET', '/documents/42/service-attempts/7/photos/1')).toHaveLength(1);
    expect(attempts[1]).toHaveTextContent('No GPS position');
  });
});

describe('the assigned sheriff’s Service tab', () => {
  it('offers the return and a new attempt, starting from the defendant’s address when the document has no recipient address', async () => {
    const user = userEvent.setup({ delay: null });
    setup(
      {
        'GET /documents/42/returns': reply(200, { returns: [] }),
        'GET /documents/42/service-attempts': reply(200, { attempts: [] }),
        'GET /documents/42/parties': reply(200, {
          parties: [
            {
              id: 1,
              document_id: 42,
              party_id: 11,
              role: 'plaintiff',
              notes: null,
              is_primary: false,
              created_at: '2025-06-01T08:00:00Z',
              party: { id: 11, physical_address: '1 Long Street, Cape Town' },
            },
            {
              id: 2,
              document_id: 42,
              party_id: 12,
              role: 'defendant',
              notes: null,
              is_primary: true,
              created_at: '2025-06-01T08:00:00Z',
              party: { id: 12, physical_address: '5 Main Road, Soweto, 1804' },
            },
          ],
          total: 2,
        }),
      },
      <CaseServiceTab
        document={makeDocument({ recipient_address: null })}
        isFirmRole={false}
        isAssignedSheriff
        currentUserId={9}
        sheriffCards={sheriffCards}
      />,
    );
    expect(
      await screen.findByText(/No return has been issued yet\. Issue it once service is done/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Issue Return' })).toBeEnabled();
    // The sheriff assigns no one: no Sheriff card, no electronic delivery card.
    expect(screen.queryByRole('heading', { name: 'Sheriff' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record Service Attempt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Service Attempt' });
    expect(within(dialog).getByRole('textbox', { name: /address/i })).toHaveValue(
      '5 Main Road, Soweto, 1804',
    );
    // No geolocation in this browser: said plainly, and the attempt can still be saved.
    expect(within(dialog).getByTestId('gps-status')).toHaveTextContent(
      'This browser cannot give a position.',
    );
    expect(within(dialog).getByRole('button', { name: 'Save Without GPS' })).toBeEnabled();
  });
});

describe('the Proof of Service tab of a document with the sheriff', () => {
  it('says it awaits the sheriff’s return', async () => {
    setup(
      {
        'GET /proof-of-service/document/42': reply(200, {
          exists: false,
          document_id: 42,
          security_id: null,
          version: null,
          generated_at: null,
          sha256: null,
          size: null,
          verification_count: null,
          verification_url: null,
          awaiting_sheriff_return: true,
        }),
      },
      <ProofOfServiceTab document={makeDocument()} canGenerate />,
    );
    const awaiting = await screen.findByTestId('proof-awaiting-return');
    expect(awaiting).toHaveTextContent("Awaiting the sheriff's return of service");
    expect(awaiting).toHaveTextContent('This document is with Sheriff Sipho Ndlovu for service.');
    expect(screen.queryByRole('button', { name: /generate proof/i })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReturnInput, ServiceReturn } from '@lexserve/contracts/returns';
import { describe, expect, it, vi } from 'vitest';
import { documentKeys } from '../../../lib/documents-api/keys';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { makeReturn } from '../../../testing/service-factories';
import { IssueReturnDialog } from './issue-return-dialog';

const DOCUMENT = {
  id: 42,
  case_number: '2025/1234',
  court_name: 'Gauteng Division, Pretoria',
};

const issued = (input: Partial<ReturnInput>): ServiceReturn =>
  makeReturn({
    served_at: input.served_at ?? null,
    address: input.address ?? null,
    person_served_name: input.person_served_name ?? null,
    person_served_capacity: input.person_served_capacity ?? null,
    fees: input.fees ?? [],
    subtotal_cents: 47_055,
    vat_cents: 7_058,
    total_cents: 54_113,
  });

const setup = (post: Parameters<typeof mockApi>[0][string]) => {
  signIn();
  const api = mockApi({ 'POST /documents/42/returns': post });
  const onClose = vi.fn();
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(
    <IssueReturnDialog
      document={DOCUMENT}
      lastAddress="12 Jan Smuts Avenue, Johannesburg"
      onClose={onClose}
    />,
  );
  return { ...api, ...view, onClose, user };
};

type User = ReturnType<typeof userEvent.setup>;

const chooseManner = async (user: User, label: string) => {
  await user.click(screen.getByRole('combobox', { name: /manner of service/i }));
  await user.click(
    within(await screen.findByRole('listbox')).getByRole('option', { name: new RegExp(`^${label}`) }),
  );
};

/** Typing character by character is slow under MUI; the sheriff's phone pastes or types, the result is the same. */
const fill = async (user: User, field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};

const fillFee = async (user: User, index: number, description: string, amount: string) => {
  await fill(user, screen.getByRole('textbox', { name: `Fee ${index} description` }), description);
  await fill(user, screen.getByRole('textbox', { name: `Fee ${index} amount` }), amount);
};

const posted = (calls: { method: string; path: string; body: unknown }[]) =>
  calls
    .filter((c) => c.method === 'POST' && c.path === '/documents/42/returns')
    .map((c) => c.body as Record<string, unknown>);

describe('issuing a return: the manners and their rules', () => {
  it('offers each manner with its label and the rule for the document’s court', async () => {
    const { user } = setup(reply(500));
    await user.click(screen.getByRole('radio', { name: 'Served' }));
    await user.click(screen.getByRole('combobox', { name: /manner of service/i }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(9);
    expect(options[0]).toHaveTextContent('Personally, on the person to be servedUniform Rule 4(1)(a)');
    expect(options[4]).toHaveTextContent(
      'At the chosen domicilium citandi et executandiUniform Rule 4(1)(a)(iv)',
    );
    await user.click(options[1]!);
    expect(
      screen.getByText(/Served by delivering a copy at the residence .* — Uniform Rule 4\(1\)\(a\)$/),
    ).toBeInTheDocument();
  });
});

describe('issuing a return: validation before sending', () => {
  it('names every missing fact of a served return on its field and sends nothing', async () => {
    const { user, calls } = setup(reply(500));
    await user.click(screen.getByRole('radio', { name: 'Served' }));
    // The address comes from the latest attempt; the rest is missing.
    expect(screen.getByRole('textbox', { name: /address where served/i })).toHaveValue(
      '12 Jan Smuts Avenue, Johannesburg',
    );
    await user.type(screen.getByRole('textbox', { name: 'Fee 1 amount' }), '12.345');
    await user.click(screen.getByRole('button', { name: 'Issue Return' }));

    expect(screen.getByRole('alert')).toHaveTextContent(
      'The return is missing: manner of service, name of the person served, capacity of the person served, confirmation that the nature and exigency of the process were explained.',
    );
    expect(screen.getByText('The manner of service is required')).toBeInTheDocument();
    expect(screen.getByText('The name of the person served is required')).toBeInTheDocument();
    expect(screen.getByText('The capacity of the person served is required')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Confirm that the nature and exigency of the process were explained to the person served',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Each fee needs a description')).toBeInTheDocument();
    expect(screen.getByText('Enter the amount in rand, e.g. 350.00')).toBeInTheDocument();
    expect(posted(calls)).toHaveLength(0);

    // A corrected field is no longer in error; the others stay until the next check.
    await chooseManner(user, 'Personally, on the person to be served');
    expect(screen.queryByText('The manner of service is required')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Served by delivering a copy to the person to be served personally — Uniform Rule 4(1)(a)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The name of the person served is required')).toBeInTheDocument();
  });

  it('asks a non-service return for the reason and the diligent search', async () => {
    const { user, calls } = setup(reply(500));
    await user.click(screen.getByRole('radio', { name: 'Not served' }));
    expect(screen.queryByRole('combobox', { name: /manner of service/i })).not.toBeInTheDocument();
    await fillFee(user, 1, 'Attendance', '150');
    await user.click(screen.getByRole('button', { name: 'Issue Return' }));
    expect(screen.getByText('The reason for non-service is required')).toBeInTheDocument();
    expect(screen.getByText(/diligent search made is required$/)).toBeInTheDocument();
    expect(posted(calls)).toHaveLength(0);
  });
});

describe('issuing a return: fees in cents', () => {
  it('adds rows exactly in cents, shows VAT at 15% and the total, drops VAT when not registered, and sends cents', async () => {
    const { user, calls } = setup(reply(422, { detail: [{ loc: ['body'], msg: 'x', type: 'custom' }] }));
    await user.click(screen.getByRole('radio', { name: 'Not served' }));
    await fillFee(user, 1, 'Service fee', '350');
    await user.click(screen.getByRole('button', { name: 'Add Fee' }));
    await fillFee(user, 2, 'Travelling (12 km)', '120.45');
    await user.click(screen.getByRole('button', { name: 'Add Fee' }));
    await fillFee(user, 3, 'Photocopies', '0.10');

    // 350.00 + 120.45 + 0.10 = 470.55; VAT 70.5825 → 70.58; total 541.13.
    expect(screen.getByTestId('fee-subtotal')).toHaveTextContent('R 470.55');
    expect(screen.getByTestId('fee-vat')).toHaveTextContent('R 70.58');
    expect(screen.getByTestId('fee-total')).toHaveTextContent('R 541.13');

    await user.click(screen.getByRole('button', { name: 'Remove fee 3' }));
    expect(screen.getByTestId('fee-subtotal')).toHaveTextContent('R 470.45');
    expect(screen.getByTestId('fee-vat')).toHaveTextContent('R 70.57'); // 70.5675 → 70.57
    expect(screen.getByTestId('fee-total')).toHaveTextContent('R 541.02');

    await user.click(screen.getByRole('switch', { name: /VAT registered/ }));
    expect(screen.getByTestId('fee-vat')).toHaveTextContent('R 0.00');
    expect(screen.getByTestId('fee-total')).toHaveTextContent('R 470.45');

    await fill(
      user,
      screen.getByRole('textbox', { name: /reason for non-service/i }),
      'The defendant has moved.',
    );
    await fill(
      user,
      screen.getByRole('textbox', { name: /diligent search/i }),
      'Asked the neighbours and the body corporate.',
    );
    await user.click(screen.getByRole('button', { name: 'Issue Return' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toEqual({
      outcome: 'not_served',
      vat_registered: false,
      fees: [
        { description: 'Service fee', amount_cents: 35_000 },
        { description: 'Travelling (12 km)', amount_cents: 12_045 },
      ],
      non_service_reason: 'The defendant has moved.',
      diligent_search: 'Asked the neighbours and the body corporate.',
    });
  });
});

describe('issuing a return: the server', () => {
  const fillServed = async (user: User) => {
    await user.click(screen.getByRole('radio', { name: 'Served' }));
    await chooseManner(user, 'Personally, on the person to be served');
    await fill(user, screen.getByRole('textbox', { name: /person served/i }), 'Sipho Dlamini');
    await fill(user, screen.getByRole('textbox', { name: /capacity/i }), 'The defendant');
    await user.click(
      screen.getByRole('checkbox', { name: /I explained the nature and exigency of the process/ }),
    );
    await fillFee(user, 1, 'Service fee', '350');
  };

  it('shows the 422’s missing facts field by field, fee rows included', async () => {
    const { user } = setup(
      reply(422, {
        detail: [
          { loc: ['body'], msg: 'The return is missing: name of the person served.', type: 'custom' },
          {
            loc: ['body', 'person_served_name'],
            msg: 'The name of the person served is required',
            type: 'custom',
          },
          {
            loc: ['body', 'served_at'],
            msg: 'The date and time of service cannot be in the future',
            type: 'custom',
          },
          { loc: ['body', 'fees', 0, 'amount_cents'], msg: 'A fee is too large', type: 'too_big' },
        ],
      }),
    );
    await fillServed(user);
    await user.click(screen.getByRole('button', { name: 'Issue Return' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The return is missing: name of the person served.',
    );
    expect(screen.getByRole('textbox', { name: /person served/i })).toHaveAccessibleDescription(
      'The name of the person served is required',
    );
    expect(screen.getByLabelText(/date and time served/i)).toHaveAccessibleDescription(
      'The date and time of service cannot be in the future',
    );
    expect(screen.getByRole('textbox', { name: 'Fee 1 amount' })).toHaveAccessibleDescription(
      'A fee is too large',
    );
    expect(screen.getByRole('textbox', { name: 'Fee 1 amount' })).toHaveAttribute('aria-invalid', 'true');
    // The form stays filled for the correction.
    expect(screen.getByRole('textbox', { name: /capacity/i })).toHaveValue('The defendant');
  });

  it('on success shows the issued return with its PDF and refreshes the document, its proof and its returns', async () => {
    const { user, calls, queryClient } = setup(({ body }) =>
      reply(201, {
        status: 'success',
        data: issued(body as ReturnInput),
        message: 'Return of service issued',
      }),
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await fillServed(user);
    await user.click(screen.getByRole('button', { name: 'Issue Return' }));

    expect(await screen.findByRole('heading', { name: 'Return of service issued' })).toBeInTheDocument();
    const body = posted(calls)[0]!;
    expect(body).toMatchObject({
      outcome: 'served',
      manner: 'personal',
      address: '12 Jan Smuts Avenue, Johannesburg',
      person_served_name: 'Sipho Dlamini',
      person_served_capacity: 'The defendant',
      nature_explained: true,
      vat_registered: true,
      fees: [{ description: 'Service fee', amount_cents: 35_000 }],
    });
    expect(body.served_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+02:00$/);
    const summary = screen.getByRole('article');
    expect(summary).toHaveTextContent('Return of Service');
    expect(summary).toHaveTextContent('Personally, on the person to be served (Uniform Rule 4(1)(a))');
    expect(summary).toHaveTextContent('Sipho Dlamini, The defendant');
    expect(summary).toHaveTextContent('R 541.13 (incl. VAT R 70.58)');
    expect(within(summary).getByRole('button', { name: 'Download Return of Service (PDF)' })).toBeEnabled();

    const refreshed = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(refreshed).toContainEqual(documentKeys.all);
    // documentKeys.all is the prefix of the document, its proof and its returns.
    for (const key of [documentKeys.detail(42), documentKeys.proof(42), documentKeys.returns(42)])
      expect(key.slice(0, documentKeys.all.length)).toEqual([...documentKeys.all]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { makeClosure, makePrecheck } from '../testing/closure-factory';
import { RequestClosureDialog, requestBlocker } from './request-closure-dialog';

const NOT_YET = 'The case must meet all eligibility requirements before a closure request can be submitted';

const setup = (precheck = makePrecheck()) => {
  const api = mockApi({
    'GET /case-closure/precheck/42': reply(200, precheck),
    'POST /case-closure': reply(201, {
      status: 'success',
      data: makeClosure(),
      message: 'Case closure request created successfully',
    }),
  });
  const onDone = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <RequestClosureDialog open documentId={42} onClose={() => undefined} onDone={onDone} />,
  );
  return { ...api, user, onDone };
};

const submitButton = () => screen.getByRole('button', { name: 'Submit Request' });

/** Pasting instead of typing key by key keeps MUI fields fast in jsdom. */
const fill = async (user: ReturnType<typeof userEvent.setup>, label: string | RegExp, text: string) => {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
};

const chooseReason = async (user: ReturnType<typeof userEvent.setup>, reason: string) => {
  await user.click(screen.getByRole('combobox', { name: /closure reason/i }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: reason }));
};

describe('requestBlocker (spec 2 §5)', () => {
  const complete = { reason: 'Case resolved', notes: '', documentsAttached: true, summary: 'All done' };
  it('allows submit only with a reason, every item completed and an eligible precheck', () => {
    expect(requestBlocker(complete, { eligible_for_closure: true, has_proof_of_service: true })).toBeNull();
    expect(
      requestBlocker({ ...complete, reason: '' }, { eligible_for_closure: true, has_proof_of_service: true }),
    ).toContain('Select a closure reason.');
    expect(
      requestBlocker(
        { ...complete, documentsAttached: false },
        { eligible_for_closure: true, has_proof_of_service: true },
      ),
    ).toContain('Complete every checklist item.');
    expect(
      requestBlocker(
        { ...complete, summary: '  ' },
        { eligible_for_closure: true, has_proof_of_service: true },
      ),
    ).toContain('Complete every checklist item.');
    expect(requestBlocker(complete, { eligible_for_closure: true, has_proof_of_service: false })).toContain(
      'Complete every checklist item.',
    );
    expect(requestBlocker(complete, { eligible_for_closure: false, has_proof_of_service: true })).toContain(
      'The eligibility precheck must pass.',
    );
    expect(requestBlocker(complete, undefined)).toMatch(new RegExp(`^${NOT_YET}`));
  });
});

describe('RequestClosureDialog', () => {
  it('shows the precheck, the checklist progress and keeps submit disabled until the rule is met', async () => {
    const { user, find, onDone } = setup(
      makePrecheck({ warnings: ['No parties are recorded for this case.'] }),
    );
    expect(await screen.findByText('This case is eligible for closure.')).toBeInTheDocument();
    expect(screen.getByText('No parties are recorded for this case.')).toBeInTheDocument();
    // The proof item is preset and locked.
    const proof = screen.getByRole('checkbox', { name: /proof of service uploaded/i });
    expect(proof).toBeChecked();
    expect(proof).toBeDisabled();
    expect(screen.getByText('33% · 1/3 completed')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText(new RegExp(NOT_YET))).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /all required documents attached/i }));
    expect(screen.getByText('67% · 2/3 completed')).toBeInTheDocument();
    await fill(user, 'Case Summary', 'Served and acknowledged by the respondent.');
    expect(screen.getByText('100% · 3/3 completed')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /case summary completed/i })).toBeChecked();
    expect(submitButton()).toBeDisabled();

    await chooseReason(user, 'Settlement reached');
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByText(new RegExp(NOT_YET))).not.toBeInTheDocument();

    await fill(user, /additional notes/i, 'Signed settlement on file.');
    await user.click(submitButton());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Case closure request created successfully'));
    expect(find('POST', '/case-closure/')[0]?.body).toEqual({
      document_id: 42,
      closure_reason: 'Settlement reached',
      closure_notes: 'Signed settlement on file.',
      initial_checklist: {
        all_documents_attached: { completed: true, notes: '', required: true },
        proof_of_service_uploaded: {
          completed: true,
          notes: 'Proof of service automatically verified',
          required: true,
        },
        case_summary_completed: {
          completed: true,
          notes: 'Served and acknowledged by the respondent.',
          required: true,
        },
      },
    });
  });

  it('keeps submit disabled when the precheck finds blocking issues, even with everything filled in', async () => {
    const { user } = setup(
      makePrecheck({
        eligible_for_closure: false,
        blocking_issues: ['Only served cases can be closed; this case is received.'],
      }),
    );
    expect(
      await screen.findByText('Only served cases can be closed; this case is received.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /all required documents attached/i }));
    await fill(user, 'Case Summary', 'Summary');
    await chooseReason(user, 'Case resolved');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText(/The eligibility precheck must pass\./)).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    const { user } = setup();
    mockApi({
      'GET /case-closure/precheck/42': reply(200, makePrecheck()),
      'POST /case-closure': reply(409, {
        detail: 'This case already has an active closure request.',
        code: 'CLOSURE_ALREADY_ACTIVE',
      }),
    });
    await screen.findByText('This case is eligible for closure.');
    await user.click(screen.getByRole('checkbox', { name: /all required documents attached/i }));
    await fill(user, 'Case Summary', 'Summary');
    await chooseReason(user, 'Case resolved');
    await user.click(submitButton());
    expect(await screen.findByText('This case already has an active closure request.')).toBeInTheDocument();
  });
});

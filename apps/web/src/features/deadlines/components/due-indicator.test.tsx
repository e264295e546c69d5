import { screen } from '@testing-library/react';
import { addCalendarDays } from '@lexserve/contracts/court-days';
import { describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { saDate, saToday } from '../due-dates';
import { DueIndicator } from './due-indicator';

const today = saToday();
const deadline = (documentId: number, dueDate: string, name = 'Notice of intention to defend') => ({
  key: `rule:${documentId}:${dueDate}`,
  id: null,
  name,
  due_date: dueDate,
  rule: 'Uniform Rule 19(1)',
  source: 'rule',
  court_days: 10,
  service_date: '2026-12-14',
  note: null,
  created_by_name: null,
  document_id: documentId,
  document_title: `Case ${documentId}`,
  case_number: null,
});
const UPCOMING = [
  deadline(2, today),
  deadline(2, addCalendarDays(today, 9), 'Later'),
  deadline(4, addCalendarDays(today, 20)),
];

describe('DueIndicator', () => {
  it('shows the case’s next deadline from one request for every row', async () => {
    signIn();
    const api = mockApi({ 'GET /deadlines': reply(200, { deadlines: UPCOMING, from: today, to: today }) });
    renderWithProviders(
      <>
        <DueIndicator documentId={2} />
        <DueIndicator documentId={4} />
        <DueIndicator documentId={9} />
      </>,
    );
    expect(await screen.findByLabelText('Notice of intention to defend: Due today')).toBeInTheDocument();
    expect(screen.getByText(`Due ${saDate(addCalendarDays(today, 20))}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Nothing due')).toBeInTheDocument();
    expect(api.find('GET', '/deadlines')).toHaveLength(1);
  });
});

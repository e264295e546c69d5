import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { makeSubscription } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { createTestQueryClient, signIn } from '../../../testing/render';
import { useMySubscription } from './get-my-subscription';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>
);

describe('useMySubscription', () => {
  it('asks for "none" as 204 (not a failed request in the console) and reads it as null', async () => {
    signIn();
    const api = mockApi({ 'GET /subscriptions/my-subscription': reply(204) });
    const { result } = renderHook(() => useMySubscription(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(api.find('GET', '/subscriptions/my-subscription')[0]!.url.searchParams.get('if_none')).toBe(
      'empty',
    );
  });

  it('reads the subscription when there is one', async () => {
    signIn();
    mockApi({ 'GET /subscriptions/my-subscription': reply(200, makeSubscription({ id: 7 })) });
    const { result } = renderHook(() => useMySubscription(), { wrapper });
    await waitFor(() => expect(result.current.data?.id).toBe(7));
  });
});

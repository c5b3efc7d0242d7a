import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_TOGGLES } from '@kaleido/shared/admin/admin.constants';
import type { CallType } from '@kaleido/shared/calls/calls.schemas';
import { callKeys } from '../api/calls-requests';
import { instanceFeaturesKey } from '../../../lib/instance-features';
import { CallsScreen } from './calls-screen';

/**
 * The calls page as the server answered: no calls yet, and the instance's toggles. The page's own
 * buttons sit behind the open dialog (hidden from the accessibility tree while it is open).
 */
function renderCalls(videoInput: boolean, newCall: CallType[] | null) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(callKeys.history, { calls: [], total: 0, nextBefore: null });
  client.setQueryData(instanceFeaturesKey, {
    features: { ...DEFAULT_FEATURE_TOGGLES, video_input: videoInput },
    complianceMode: 'standard',
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CallsScreen newCall={newCall} to={{ id: 'u2', name: 'Bea' }} onCloseNew={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CallsScreen and the instance’s video input toggle', () => {
  it('off: offers audio calls only, and /new/video asks for an audio call', () => {
    renderCalls(false, ['video']);
    expect(screen.getByRole('button', { name: 'Start Audio Call', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Video Call', hidden: true })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Start an audio call' });
    expect(within(dialog).getByRole('button', { name: 'Audio call Bea' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Video call Bea' })).toBeNull();
  });

  it('off: Start New Call still asks whom to call, with audio only', () => {
    renderCalls(false, ['audio', 'video']);
    const dialog = screen.getByRole('dialog', { name: 'Start a call' });
    expect(within(dialog).getByRole('button', { name: 'Audio call Bea' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Video call Bea' })).toBeNull();
  });

  it('on: offers both', () => {
    renderCalls(true, ['audio', 'video']);
    expect(screen.getByRole('button', { name: 'Start Video Call', hidden: true })).toBeTruthy();
    const dialog = screen.getByRole('dialog', { name: 'Start a call' });
    expect(within(dialog).getByRole('button', { name: 'Video call Bea' })).toBeTruthy();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFieldAutosave } from './use-field-autosave';

const patch = vi.fn();
vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client')>()),
  api: { patch: (...args: unknown[]) => patch(...args) as unknown },
}));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('profile autosave (SPEC §5: 500 ms after the last edit, only when valid)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    patch.mockReset();
    patch.mockResolvedValue({});
  });
  afterEach(() => vi.useRealTimers());

  it('saves once, 500 ms after the last of several edits', async () => {
    const { result } = renderHook(() => useFieldAutosave('display_name', 'Ann'), { wrapper });
    act(() => result.current.edit('Ann B'));
    await act(() => vi.advanceTimersByTimeAsync(300));
    act(() => result.current.edit('Ann Bo'));
    expect(result.current.value).toBe('Ann Bo');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(patch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch).toHaveBeenCalledWith('/api/profile', { field: 'display_name', value: 'Ann Bo' });
  });

  it('does not save an invalid value and shows the spec message', async () => {
    const { result } = renderHook(() => useFieldAutosave('credential', ''), { wrapper });
    act(() => result.current.edit('psy 123'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(patch).not.toHaveBeenCalled();
    expect(result.current.problem).toBe('Invalid format');
    act(() => result.current.edit('PSY-123'));
    expect(result.current.problem).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(patch).toHaveBeenCalledWith('/api/profile', { field: 'credential', value: 'PSY-123' });
  });

  it('does not save a value equal to the stored one', async () => {
    const { result } = renderHook(() => useFieldAutosave('display_name', 'Ann'), { wrapper });
    act(() => result.current.edit('Ann '));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(patch).not.toHaveBeenCalled();
  });
});

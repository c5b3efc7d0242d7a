import { describe, expect, it } from 'vitest';
import { toSearch } from './admin-requests';

describe('toSearch', () => {
  it('keeps the defined, non-empty values, encoded', () => {
    expect(toSearch({ q: 'a b&c', role: '', cohort: undefined, page: 2, to: null })).toBe(
      '?q=a+b%26c&page=2',
    );
  });

  it('is empty when nothing is set', () => {
    expect(toSearch({ q: '', page: undefined })).toBe('');
  });
});

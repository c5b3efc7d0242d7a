import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedText } from './highlighted-text';

// Strings in braces: JSX would decode the entities of a quoted attribute itself.
describe('search snippet', () => {
  it('marks the matched words and shows escaped text as text', () => {
    const { container } = render(
      <p>
        <HighlightedText
          html={'the &lt;b&gt;quiet&lt;/b&gt; <mark>river</mark> &amp; the <mark>River</mark> bank'}
        />
      </p>,
    );
    expect(container.textContent).toBe('the <b>quiet</b> river & the River bank');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'river',
      'River',
    ]);
    // Escaped markup from an entry never becomes an element.
    expect(container.querySelector('b')).toBeNull();
  });

  it('a <mark> written in an entry arrives escaped and stays text', () => {
    const { container } = render(<HighlightedText html={'&lt;mark&gt;not a match&lt;/mark&gt;'} />);
    expect(container.querySelector('mark')).toBeNull();
    expect(container.textContent).toBe('<mark>not a match</mark>');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText, linkParts } from './linkified-text';

describe('LinkifiedText', () => {
  it('makes http(s) links clickable and leaves the rest as text', () => {
    expect(linkParts('See https://example.org/a?b=1. Thanks')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: '. Thanks' },
    ]);
  });

  it('never renders HTML from the sender', () => {
    const { container } = render(
      <LinkifiedText text={'<img src=x onerror=alert(1)> javascript:alert(1) <b>bold</b>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toContain('<b>bold</b>');
  });
});

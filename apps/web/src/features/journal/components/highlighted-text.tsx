import type { ReactNode } from 'react';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * The server's search snippet: escaped text with only `<mark>` added. Rebuilt as React elements
 * rather than set as HTML, so nothing in an entry can ever become markup on this page.
 */
export function HighlightedText({ html }: { html: string }) {
  const parts: ReactNode[] = [];
  html.split(/(<mark>[\s\S]*?<\/mark>)/).forEach((part, index) => {
    if (part.startsWith('<mark>') && part.endsWith('</mark>'))
      parts.push(
        <mark key={index} className="rounded bg-amber-200 px-0.5 text-inherit dark:bg-amber-700">
          {unescape(part.slice(6, -7))}
        </mark>,
      );
    else if (part) parts.push(unescape(part));
  });
  return <>{parts}</>;
}

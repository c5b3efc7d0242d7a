/**
 * A LIKE / ILIKE pattern for values containing `text`. Its wildcards (`%`, `_`) and the escape
 * character (`\`) are escaped, so what the person typed matches only itself.
 */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

import { SOURCE_KINDS, type SourceKind } from '@kaleido/shared/insights/insights.constants';

/**
 * Provenance of derived data (DESIGN §10, docs/decisions/039-provenance-on-derived-data.md):
 * everything computed from what a person wrote — insight cards, alerts, report sections — says
 * which of their items it was computed from and whether it carries their words. A reader other
 * than the person receives it only when every source is readable by that reader now; the care
 * module's reader policy (care/derived-data-policy.ts) decides.
 */

/** One item a person wrote or said, named without its words: `journal:<uuid>`. */
export type SourceRef = `${SourceKind}:${string}`;

export const sourceRef = (kind: SourceKind, id: string): SourceRef => `${kind}:${id}`;

export function parseSourceRef(ref: string): { kind: SourceKind; id: string } | null {
  const colon = ref.indexOf(':');
  const kind = ref.slice(0, colon);
  const id = ref.slice(colon + 1);
  if (colon < 1 || !id || !(SOURCE_KINDS as readonly string[]).includes(kind)) return null;
  return { kind: kind as SourceKind, id };
}

/** The ids of each kind among these refs (ill-formed refs name nothing). */
export function refsByKind(refs: readonly string[]): Map<SourceKind, string[]> {
  const byKind = new Map<SourceKind, string[]>();
  for (const ref of refs) {
    const parsed = parseSourceRef(ref);
    if (!parsed) continue;
    byKind.set(parsed.kind, [...(byKind.get(parsed.kind) ?? []), parsed.id]);
  }
  return byKind;
}

export interface Provenance {
  /** Whose items these are. */
  owner: string;
  /**
   * - `figures`: numbers over fixed vocabularies only (counts, means, intervals, dates, the
   *   emotion names, channels and times of day): nothing the person wrote.
   * - `words`: some of the person's own words (themes, tags, titles, snippets, the lexicon words
   *   found in their text).
   */
  carries: 'figures' | 'words';
  /** Every analysed item of the owner as of now, or exactly these. */
  sources: 'all' | readonly SourceRef[];
}

/** A derived artefact with its provenance, before a reader policy decides who receives it. */
export interface Derived<T> {
  value: T;
  provenance: Provenance;
}

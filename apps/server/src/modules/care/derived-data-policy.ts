import type { CareScope } from '@kaleido/shared/care/care.schemas';
import type { Derived, Provenance, SourceRef } from '../content/provenance';
import type { CarePolicy } from './care-policy';
import type { CareReadable } from './care-readable';
import type { RelationshipRow } from './care-relationships.repository';

/**
 * What one reader may read of one person's items now, item by item: the input of `mayReceive`.
 * A professional's grant follows the scopes in force (care-policy.ts): `mood_and_insights`
 * covers the figures of every analysed item; `shared_journal_entries` the text of each entry
 * marked "Shared with clients"; `voice_note_transcripts` the text of each voice note with a
 * finished transcript. Text readable is figures readable too.
 */
export interface ReaderGrant {
  readerId: string;
  personId: string;
  /** Figures of every analysed item of the person (the `mood_and_insights` scope). */
  figuresOfAll: boolean;
  /** Items whose figures the reader may read now (of those asked about). */
  figures: ReadonlySet<SourceRef>;
  /** Items the reader may read as text now, with their title as it stands now. */
  text: ReadonlyMap<SourceRef, string>;
}

/** A grant for nothing (no relationship, no scope, the master switch off). */
export const noGrant = (readerId: string, personId: string): ReaderGrant => ({
  readerId,
  personId,
  figuresOfAll: false,
  figures: new Set(),
  text: new Map(),
});

/**
 * The one answer to "may this reader receive this derived artefact now?" (DESIGN §10): the
 * person themself always; anyone else only when every source is readable by them now — as
 * text when the artefact carries the person's words, as figures when it carries only numbers
 * over fixed vocabularies. Figures of "every item" need the figures of every item.
 */
export function mayReceive(grant: ReaderGrant, provenance: Provenance): boolean {
  if (provenance.owner !== grant.personId) return false;
  if (grant.readerId === provenance.owner) return true;
  if (provenance.sources === 'all') return provenance.carries === 'figures' && grant.figuresOfAll;
  const readable = (ref: SourceRef) =>
    provenance.carries === 'words' ? grant.text.has(ref) : grant.figures.has(ref);
  return provenance.sources.every(readable);
}

/** The artefacts this reader may receive, unwrapped. */
export const receivable = <T>(grant: ReaderGrant, artefacts: readonly Derived<T>[]): T[] =>
  artefacts.filter((a) => mayReceive(grant, a.provenance)).map((a) => a.value);

export type ReaderGrants = ReturnType<typeof createReaderGrants>;

/** Builds professionals' grants from the relationship, the scopes in force and the items now. */
export function createReaderGrants(deps: {
  policy: Pick<CarePolicy, 'isProfessional' | 'scopesOf'>;
  readable: Pick<CareReadable, 'textReadable' | 'analysedRefs'>;
}) {
  /**
   * The grant of a relationship's professional: nothing unless it is active and they act as a
   * professional; then the scopes in force. `refs`: the items asked about (their figures and
   * text); without it, every item readable as text (what cards may be computed from).
   */
  async function ofRelationship(
    relationship: RelationshipRow,
    refs?: readonly SourceRef[],
  ): Promise<ReaderGrant & { scopes: CareScope[] }> {
    const { professionalId: readerId, personId } = relationship;
    if (relationship.status !== 'active' || !(await deps.policy.isProfessional(readerId)))
      return { ...noGrant(readerId, personId), scopes: [] };
    const scopes = await deps.policy.scopesOf(relationship);
    const figuresOfAll = scopes.includes('mood_and_insights');
    const text = await deps.readable.textReadable(personId, scopes, refs);
    const figures = new Set<SourceRef>(text.keys());
    if (figuresOfAll && refs?.length)
      for (const ref of await deps.readable.analysedRefs(personId, refs)) figures.add(ref);
    return { readerId, personId, figuresOfAll, figures, text, scopes };
  }

  return { ofRelationship };
}

import type { SourceKind } from '@kaleido/shared/insights/insights.constants';
import type { Mood } from '@kaleido/shared/journal/journal.constants';

/** One thing a person wrote or said, as the features that derive from it read it. */
export interface ContentItem {
  /** Whose words these are (the author, never a recipient). */
  userId: string;
  text: string;
  occurredAt: Date;
  /** The mood the person recorded with it (journal entries), or null. */
  mood: Mood | null;
  /** A title to show (a journal entry's, a voice note's) or the channel's name. */
  title: string;
  /** Where it opens in the app, or null. */
  href: string | null;
  /** The person's own labels (journal tags). */
  tags: string[];
}

export type EmotionalState = Record<string, string | number | boolean>;

/** What a feature offers about its items: read one, list a person's, keep a derived summary. */
export interface ContentSource {
  load(id: string): Promise<ContentItem | null>;
  /** The ids of everything this person wrote here (analysis switched back on catches up). */
  idsOf(userId: string): Promise<string[]>;
  /**
   * Merges `state` into the item's `emotional_state` (SPEC §3); `remove` names keys to drop
   * first. Must not count as an edit (no new version, no saved event).
   */
  setEmotionalState?(id: string, state: EmotionalState, remove: readonly string[]): Promise<void>;
}

export interface ContentRef {
  userId: string;
  kind: SourceKind;
  id: string;
}

type Listener = (ref: ContentRef) => Promise<void>;

export type ContentEvents = ReturnType<typeof createContentEvents>;

/**
 * What people write, as one stream: the journal, chat and voice notes say "saved" and
 * "deleted" here and register how their items are read; analysis (and anything else that
 * derives from text) listens, without the features knowing who listens. Like PreferenceChanges,
 * created before the features, so listeners subscribe after them.
 */
export function createContentEvents() {
  const sources = new Map<SourceKind, ContentSource>();
  const savedListeners: Listener[] = [];
  const deletedListeners: Listener[] = [];
  return {
    registerSource(kind: SourceKind, source: ContentSource) {
      if (sources.has(kind)) throw new Error(`content source ${kind} registered twice`);
      sources.set(kind, source);
    },
    source(kind: SourceKind): ContentSource | undefined {
      return sources.get(kind);
    },
    kinds(): SourceKind[] {
      return [...sources.keys()];
    },
    onSaved(listener: Listener) {
      savedListeners.push(listener);
    },
    onDeleted(listener: Listener) {
      deletedListeners.push(listener);
    },
    /** Created or edited (or its transcript arrived). Listeners handle their own failures. */
    async saved(ref: ContentRef) {
      for (const listener of savedListeners) await listener(ref);
    },
    async deleted(ref: ContentRef) {
      for (const listener of deletedListeners) await listener(ref);
    },
  };
}

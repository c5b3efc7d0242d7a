import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { BookOpen, FileText, Mic, MessageSquare, User } from 'lucide-react';
import { conversationsQuery } from '../../../lib/api/conversations';
import { filesSearchQuery } from '../api/files-search';
import { journalEntryPath, journalListQuery } from '../../../lib/api/journal';
import { usersSearchQuery } from '../../../lib/api/users-search';
import { conversationMatches } from '../api/palette-search';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { SearchScope } from '../palette-entries';

const ITEM_CLASS =
  'flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm data-[selected=true]:bg-accent';
const GROUP_CLASS =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

const JOURNAL_RESULTS_SHOWN = 5;

export interface SearchTarget {
  to: string;
  title: string;
}

/**
 * What a search scope finds among what exists: people (Contacts, Everything), conversations and
 * journal entries (Everything), and the person's files by name (Files, Everything).
 */
export function PaletteSearchResults({
  scope,
  query,
  onSelect,
}: {
  scope: SearchScope;
  query: string;
  onSelect: (target: SearchTarget) => void;
}) {
  const text = useDebouncedValue(query.trim());
  const people = useQuery({
    ...usersSearchQuery(text),
    enabled: scope !== 'files' && text !== '',
  });
  const conversations = useQuery({
    ...conversationsQuery(),
    enabled: scope === 'everything',
    staleTime: 30_000,
  });
  const matchingConversations =
    scope === 'everything' && text !== ''
      ? (conversations.data ?? []).filter((c) => conversationMatches(c, text))
      : [];
  // The journal's own full-text search, its first page: the best few matches.
  const journal = useInfiniteQuery({
    ...journalListQuery({ q: text }),
    enabled: scope === 'everything' && text !== '',
  });
  const foundEntries =
    scope === 'everything' && text !== ''
      ? (journal.data?.pages[0]?.entries ?? []).slice(0, JOURNAL_RESULTS_SHOWN)
      : [];
  const foundPeople = scope !== 'files' && text !== '' ? (people.data ?? []) : [];
  const files = useQuery({
    ...filesSearchQuery(text),
    enabled: (scope === 'files' || scope === 'everything') && text !== '',
  });
  const foundFiles =
    (scope === 'files' || scope === 'everything') && text !== '' ? (files.data ?? []) : [];

  return (
    <>
      {foundPeople.length > 0 && (
        <Command.Group heading="People" className={GROUP_CLASS}>
          {foundPeople.map((person) => (
            <Command.Item
              key={person.user_id}
              value={`person-${person.user_id}`}
              className={ITEM_CLASS}
              onSelect={() =>
                onSelect({
                  to: `/app/chat/new?with=${encodeURIComponent(person.user_id)}`,
                  title: `Chat with ${person.full_name || person.email}`,
                })
              }
            >
              <User className="size-4" aria-hidden="true" />
              <span className="flex-1 truncate">{person.full_name || person.email}</span>
              <span className="truncate text-xs text-muted-foreground">{person.email}</span>
            </Command.Item>
          ))}
        </Command.Group>
      )}
      {matchingConversations.length > 0 && (
        <Command.Group heading="Conversations" className={GROUP_CLASS}>
          {matchingConversations.map((conversation) => {
            const name = conversation.title ?? conversation.other_participant.full_name;
            return (
              <Command.Item
                key={conversation.id}
                value={`conversation-${conversation.id}`}
                className={ITEM_CLASS}
                onSelect={() =>
                  onSelect({ to: `/app/chat/${conversation.id}`, title: `Chat: ${name}` })
                }
              >
                <MessageSquare className="size-4" aria-hidden="true" />
                <span className="truncate">{name}</span>
              </Command.Item>
            );
          })}
        </Command.Group>
      )}
      {foundFiles.length > 0 && (
        <Command.Group heading="Files" className={GROUP_CLASS}>
          {foundFiles.map((file) => {
            const Icon = file.mime.startsWith('audio/') ? Mic : FileText;
            return (
              <Command.Item
                key={`${file.place}-${file.id}`}
                value={`file-${file.place}-${file.id}`}
                className={ITEM_CLASS}
                onSelect={() => onSelect({ to: file.link, title: `File: ${file.name}` })}
              >
                <Icon className="size-4" aria-hidden="true" />
                <span className="flex-1 truncate">{file.name}</span>
                <span className="truncate text-xs text-muted-foreground">{file.placeLabel}</span>
              </Command.Item>
            );
          })}
        </Command.Group>
      )}
      {foundEntries.length > 0 && (
        <Command.Group heading="Journal entries" className={GROUP_CLASS}>
          {foundEntries.map((entry) => (
            <Command.Item
              key={entry.id}
              value={`journal-${entry.id}`}
              className={ITEM_CLASS}
              onSelect={() =>
                onSelect({ to: journalEntryPath(entry), title: `Journal: ${entry.title}` })
              }
            >
              <BookOpen className="size-4" aria-hidden="true" />
              <span className="truncate">{entry.title}</span>
            </Command.Item>
          ))}
        </Command.Group>
      )}
    </>
  );
}

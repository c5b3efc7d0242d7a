import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { MessageSquare, User } from 'lucide-react';
import { conversationMatches, listConversations, searchPeople } from '../api/palette-search';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { SearchScope } from '../palette-entries';

const ITEM_CLASS =
  'flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm data-[selected=true]:bg-accent';
const GROUP_CLASS =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

export interface SearchTarget {
  to: string;
  title: string;
}

/**
 * What a search scope finds among what exists: people (Contacts, Everything) and conversations
 * (Everything). Files have no search on the server yet, so that scope finds nothing.
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
    queryKey: ['palette', 'people', text],
    queryFn: () => searchPeople(text),
    enabled: scope !== 'files' && text !== '',
  });
  const conversations = useQuery({
    queryKey: ['palette', 'conversations'],
    queryFn: listConversations,
    enabled: scope === 'everything',
    staleTime: 30_000,
  });
  const matchingConversations =
    scope === 'everything' && text !== ''
      ? (conversations.data ?? []).filter((c) => conversationMatches(c, text))
      : [];
  const foundPeople = scope !== 'files' && text !== '' ? (people.data ?? []) : [];

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
    </>
  );
}

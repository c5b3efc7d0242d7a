import {
  BookOpen,
  FileSearch,
  Mail,
  MessageSquare,
  Mic,
  Phone,
  PhoneCall,
  Search,
  Settings,
  SquarePen,
  UserSearch,
  type LucideIcon,
} from 'lucide-react';
import { CLIENT_PAGES } from '../../lib/interfaces';
import type { Modality } from '../../lib/modalities';

export type SearchScope = 'everything' | 'contacts' | 'files';

export interface PaletteEntry {
  label: string;
  icon: LucideIcon;
  modality: Modality;
  /** Where selecting leads; search entries open a search scope instead. */
  to?: string;
  scope?: SearchScope;
  /** More words that find it (typing "client" finds the client interface's pages). */
  keywords?: readonly string[];
}

export interface PaletteGroup {
  heading: string;
  entries: readonly PaletteEntry[];
}

/** Every entry of the spec's command palette (SPEC §2), by group. */
export const PALETTE_GROUPS: readonly PaletteGroup[] = [
  {
    heading: 'Navigate',
    entries: [
      { label: 'Chat', to: '/unified/chat', modality: 'chat', icon: MessageSquare },
      { label: 'Voice Notes', to: '/unified/voice', modality: 'voice', icon: Mic },
      { label: 'Email', to: '/unified/email', modality: 'email', icon: Mail },
      { label: 'Calls', to: '/unified/calls', modality: 'calls', icon: Phone },
      { label: 'Journal', to: '/unified/journal', modality: 'journal', icon: BookOpen },
      { label: 'Settings', to: '/unified/settings', modality: 'settings', icon: Settings },
    ],
  },
  {
    heading: 'Quick Actions',
    entries: [
      { label: 'Start New Chat', to: '/unified/chat?new=true', modality: 'chat', icon: SquarePen },
      {
        label: 'Start New Call',
        to: '/unified/calls?new=true',
        modality: 'calls',
        icon: PhoneCall,
      },
      { label: 'Compose Email', to: '/unified/email?compose=true', modality: 'email', icon: Mail },
      {
        label: 'New Journal Entry',
        to: '/unified/journal?new=true',
        modality: 'journal',
        icon: BookOpen,
      },
    ],
  },
  {
    heading: 'Search',
    entries: [
      { label: 'Search Everything', scope: 'everything', modality: 'dashboard', icon: Search },
      { label: 'Search Contacts', scope: 'contacts', modality: 'chat', icon: UserSearch },
      { label: 'Search Files', scope: 'files', modality: 'dashboard', icon: FileSearch },
    ],
  },
];

/**
 * The client interface's pages, for whoever works in it (issue 25 item 1): a group of its own
 * after the spec's, so the spec's entries keep their order.
 */
export const CLIENT_PALETTE_GROUP: PaletteGroup = {
  heading: 'Client Interface',
  entries: CLIENT_PAGES.map((page) => ({
    label: page.label,
    to: page.path,
    modality: 'dashboard',
    icon: page.icon,
    keywords: ['client', 'clients', 'client interface', 'professional'],
  })),
};

export const PALETTE_PLACEHOLDER = 'Type to search or execute commands...';
export const PALETTE_EMPTY = 'No results found.';

import {
  BookOpen,
  CircleHelp,
  LayoutDashboard,
  Mail,
  MessageSquare,
  Mic,
  Phone,
  Settings,
  User,
  type LucideIcon,
} from 'lucide-react';
import { MODALITY_PATHS, type Modality } from '../../lib/modalities';

export interface NavItem {
  label: string;
  path: string;
  /** The digit of its Ctrl/Cmd shortcut. */
  key: string;
  modality: Modality;
  icon: LucideIcon;
}

function navItem(label: string, modality: Modality, key: string, icon: LucideIcon): NavItem {
  return { label, path: MODALITY_PATHS[modality], key, modality, icon };
}

/** The sidebar (SPEC §2 App shell), in order, each with its Ctrl/Cmd+digit shortcut. */
export const NAV_ITEMS: readonly NavItem[] = [
  navItem('Dashboard', 'dashboard', '1', LayoutDashboard),
  navItem('Chat', 'chat', '2', MessageSquare),
  navItem('Voice Notes', 'voice', '3', Mic),
  navItem('Email', 'email', '4', Mail),
  navItem('Calls', 'calls', '5', Phone),
  navItem('Journal', 'journal', '6', BookOpen),
  navItem('Profile', 'profile', '7', User),
  navItem('Settings', 'settings', '8', Settings),
  navItem('Help', 'help', '9', CircleHelp),
];

/**
 * '⌘' on Apple devices, 'Ctrl' elsewhere: how shortcuts are written for this visitor. The build's
 * shell frame is rendered in Node (no navigator there) with 'Ctrl+'; the server writes '⌘' into
 * it for Apple devices (apps/server/src/http/shell-frames.ts).
 */
export function modifierLabel(): string {
  return /Mac|iPhone|iPad/.test(typeof navigator === 'undefined' ? '' : navigator.userAgent)
    ? '⌘'
    : 'Ctrl+';
}

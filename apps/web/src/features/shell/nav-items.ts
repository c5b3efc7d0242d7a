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
import type { Modality } from '../../lib/ui-store';

export interface NavItem {
  label: string;
  path: string;
  /** The digit of its Ctrl/Cmd shortcut. */
  key: string;
  modality: Modality;
  icon: LucideIcon;
}

/** The sidebar (SPEC §2 App shell), in order, each with its Ctrl/Cmd+digit shortcut. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    label: 'Dashboard',
    path: '/app/dashboard',
    key: '1',
    modality: 'dashboard',
    icon: LayoutDashboard,
  },
  { label: 'Chat', path: '/app/chat', key: '2', modality: 'chat', icon: MessageSquare },
  { label: 'Voice Notes', path: '/app/voice-notes', key: '3', modality: 'voice', icon: Mic },
  { label: 'Email', path: '/app/email', key: '4', modality: 'email', icon: Mail },
  { label: 'Calls', path: '/app/calls', key: '5', modality: 'calls', icon: Phone },
  { label: 'Journal', path: '/app/journal', key: '6', modality: 'journal', icon: BookOpen },
  { label: 'Profile', path: '/app/profile', key: '7', modality: 'profile', icon: User },
  { label: 'Settings', path: '/app/settings', key: '8', modality: 'settings', icon: Settings },
  { label: 'Help', path: '/app/help', key: '9', modality: 'help', icon: CircleHelp },
];

/** '⌘' on Apple devices, 'Ctrl' elsewhere: how shortcuts are written for this visitor. */
export function modifierLabel(): string {
  return /Mac|iPhone|iPad/.test(globalThis.navigator.userAgent) ? '⌘' : 'Ctrl+';
}

import { NAV_ITEMS } from './nav-items';

const OTHER_AREAS: Record<string, string> = {
  client: 'Client interface',
  admin: 'Administration',
  'interface-selection': 'Choose an interface',
};

/**
 * The tab's title: the page, after the unread count when there is one, e.g. '(3) Journal ·
 * Kaleido', so a person with many tabs sees where each one is and whether something waits.
 */
export function pageTitle(pathname: string, unread: number): string {
  const item = NAV_ITEMS.find(
    (nav) => pathname === nav.path || pathname.startsWith(`${nav.path}/`),
  );
  const area = OTHER_AREAS[pathname.split('/')[1] ?? ''];
  const page = item?.label ?? area;
  const count = unread > 0 ? `(${unread > 99 ? '99+' : unread}) ` : '';
  return `${count}${page ? `${page} · ` : ''}Kaleido`;
}

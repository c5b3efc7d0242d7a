import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, addMonths, monthOf } from '../calendar-days';
import { journalCalendarQuery } from './use-journal-queries';

/**
 * The calendar's month and its place in the URL: `?focus=` is the day that holds the focus (its
 * month is shown), `?day=` the day whose entries are open. Arrow keys move a day or a week, Page
 * Up / Page Down a month, Home / End the week.
 */
export function useCalendarMonth(today: string) {
  const [params, setParams] = useSearchParams();
  const selected = params.get('day');
  const focused = params.get('focus') ?? selected ?? today;
  const month = monthOf(focused);
  const calendar = useQuery(journalCalendarQuery(month));
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  // Keys can come faster than the URL updates: each move starts from the last one asked for.
  const lastAsked = useRef(focused);

  // A layout effect: the focused day leaves the page when the month changes, and a key pressed
  // before a later effect moved focus would land on the page instead of the calendar.
  useLayoutEffect(() => {
    if (!moved.current) {
      // Changed from outside (the Calendar link, Back): start from there.
      lastAsked.current = focused;
      return;
    }
    const day = grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`);
    // Another month may still be loading: focus its day once the grid shows it, or the next
    // key would land on the page instead of the calendar.
    if (!day) return;
    day.focus();
    if (focused === lastAsked.current) moved.current = false;
  }, [focused, calendar.data]);

  function focusDay(day: string) {
    moved.current = true;
    lastAsked.current = day;
    const next = new URLSearchParams(params);
    next.set('focus', day);
    setParams(next, { replace: true });
  }

  function openDay(day: string) {
    lastAsked.current = day;
    const next = new URLSearchParams(params);
    next.set('day', day);
    next.set('focus', day);
    setParams(next, { replace: true });
  }

  function onKeyDown(event: KeyboardEvent) {
    const from = lastAsked.current;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(from, -1),
      ArrowRight: () => addDays(from, 1),
      ArrowUp: () => addDays(from, -7),
      ArrowDown: () => addDays(from, 7),
      PageUp: () => addMonths(from, -1),
      PageDown: () => addMonths(from, 1),
      Home: () => addDays(from, -((new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7)),
      End: () => addDays(from, 6 - ((new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusDay(move());
  }

  return { calendar, month, grid, selected, focused, focusDay, openDay, onKeyDown };
}

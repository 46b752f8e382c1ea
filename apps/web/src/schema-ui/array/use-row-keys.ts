import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { nextFocus } from '../grid/grid-keys';

export interface RowKeysOptions {
  /** How many rows are shown. */
  count: number;
  /** Enter on a row; absent where rows cannot be edited (read-only). */
  onOpen?: (position: number) => void;
  /** Delete on a row; absent where rows cannot be deleted (read-only). */
  onDelete?: (position: number) => void;
  /** Takes the focus when the last row is deleted, so that the keyboard user is not lost. */
  fallback: RefObject<HTMLElement | null>;
}

/**
 * Keyboard use of a nested grid's rows (spec §9 keyboard navigation, as in the main grid):
 * one row at a time is in the tab order (a roving tabindex); the arrows, Page Up/Down, Home
 * and End move the focus between rows, Enter opens the focused row and Delete deletes it.
 * Keys typed into a control inside a row (its buttons) stay that control's.
 * Returns the props of the row at a position.
 */
export function useRowKeys({ count, onOpen, onDelete, fallback }: RowKeysOptions) {
  const [focused, setFocused] = useState(0);
  const rowElements = useRef(new Map<number, HTMLElement>());
  // A row deleted from the keyboard left the focus nowhere: the row now in its place gets it
  // once the rows have changed.
  const refocus = useRef(false);
  const current = Math.max(0, Math.min(focused, count - 1));

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    (rowElements.current.get(current) ?? fallback.current)?.focus();
  });

  const onKeyDown = (position: number, event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    // Every row is shown at once, without a scroll box: a page is all of them.
    const target = nextFocus(event.key, position, count, count);
    if (target !== null) {
      setFocused(target);
      rowElements.current.get(target)?.focus();
    } else if (event.key === 'Enter' && onOpen) {
      onOpen(position);
    } else if (event.key === 'Delete' && onDelete) {
      refocus.current = true;
      onDelete(position);
    } else return;
    event.preventDefault();
  };

  return (position: number) => ({
    tabIndex: position === current ? 0 : -1,
    ref: (element: HTMLElement | null) => {
      if (element) rowElements.current.set(position, element);
      else rowElements.current.delete(position);
    },
    // Also when a button in the row takes the focus: the row becomes the one in the tab order.
    onFocus: () => setFocused(position),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(position, event),
  });
}

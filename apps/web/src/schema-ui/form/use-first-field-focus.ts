import { useEffect, type RefObject } from 'react';
import { FOCUS_RETRY_MS } from '../../app/constants';

/** What takes typing: a field the user could be writing in already. */
const EDITABLE = 'input, textarea, select, [contenteditable="true"]';
/** The fields a form can start in (the user can change them), in document order. */
const FIELD = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  'select:not([disabled])',
  '[role="combobox"]:not([aria-disabled="true"])',
].join(', ');

/** The form's first field that can take the focus, or null while none is drawn yet. */
export function firstField(form: HTMLElement): HTMLElement | null {
  for (const element of form.querySelectorAll<HTMLElement>(FIELD)) {
    if (!element.closest('[hidden], [aria-hidden="true"]')) return element;
  }
  return null;
}

/**
 * spec §9: a form puts the focus on its first field when it opens, and tries once more after
 * FOCUS_RETRY_MS when that field was not there yet (fields drawn after their items load). It
 * never takes the focus from a field the user is already typing in.
 */
export function useFirstFieldFocus(form: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const focusFirst = (): boolean => {
      const element = form.current;
      if (!element) return false;
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.matches(EDITABLE)) return true;
      const field = firstField(element);
      field?.focus();
      return field !== null;
    };
    if (focusFirst()) return;
    const retry = window.setTimeout(focusFirst, FOCUS_RETRY_MS);
    return () => window.clearTimeout(retry);
  }, [form, enabled]);
}

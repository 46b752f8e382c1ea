/**
 * The row a navigation key moves the focus to (arrows, Page Up/Down, Home, End), or null
 * when the key does not move it.
 */
export function nextFocus(
  key: string,
  focused: number,
  count: number,
  pageRows: number,
): number | null {
  const last = count - 1;
  const clamp = (index: number) => Math.max(0, Math.min(last, index));
  switch (key) {
    case 'ArrowDown':
      return clamp(focused + 1);
    case 'ArrowUp':
      return clamp(focused - 1);
    case 'PageDown':
      return clamp(focused + pageRows);
    case 'PageUp':
      return clamp(focused - pageRows);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

import { useSyncExternalStore, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { rightBarWidth, WIDE_WORKSPACE_MIN_WIDTH } from '../../app/constants';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's width, kept up to date as it is resized. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth);
}

/** Whether the preview stands beside the form (a wide window) or under it. */
export function useIsWideWorkspace(): boolean {
  return useViewportWidth() >= WIDE_WORKSPACE_MIN_WIDTH;
}

interface RightBarProps {
  /** Beside the form: the spec §9 width; under it (a narrow window): the full width. */
  beside: boolean;
  children: ReactNode;
}

/** spec §2, §9 the workspace's right bar: viewport width − 800, clamped to 500..790. */
export function RightBar({ beside, children }: RightBarProps) {
  const width = rightBarWidth(useViewportWidth());
  return (
    <Paper
      component="aside"
      data-testid="right-bar"
      sx={{
        width: beside ? width : '100%',
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        overflow: 'hidden',
      }}
    >
      {children}
    </Paper>
  );
}

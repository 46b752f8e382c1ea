import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import { DIALOG_MAX_WIDTH } from '../../app/constants';

/** How far each parent dialog moves aside per dialog above it (spec §2: all stay visible). */
export const STACK_SHIFT_PX = 48;

export interface StackedDialogProps {
  open: boolean;
  /** Escape and the backdrop ask to close; the dialog decides. */
  onClose: () => void;
  /** The closing animation is over: the stack may drop the dialog. */
  onExited?: () => void;
  /** spec §9: 400 unless the kind of dialog needs more (grid 1400, schema 800, preview 3000). */
  maxWidth?: number;
  /** Dialogs above this one in the stack; each moves it further to the left. */
  depth: number;
  labelledBy: string;
  testId?: string;
  children: ReactNode;
}

/**
 * One dialog of the stack (spec §2): as wide as its kind allows and moved sideways by the
 * dialogs above it, so that parents peek out on the left.
 */
export function StackedDialog(props: StackedDialogProps) {
  const { open, onClose, onExited, depth, labelledBy, testId, children } = props;
  const { maxWidth = DIALOG_MAX_WIDTH } = props;
  const shift = depth * STACK_SHIFT_PX;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={false}
      fullWidth
      aria-labelledby={labelledBy}
      data-testid={testId}
      data-depth={depth}
      slotProps={{
        paper: {
          sx: {
            maxWidth,
            transform: shift > 0 ? `translateX(-${shift}px)` : undefined,
            transition: 'transform 150ms ease-out, max-width 150ms ease-out',
          },
        },
        transition: { onExited },
      }}
    >
      {children}
    </Dialog>
  );
}

import { STORAGE_KEYS } from '../../../app/storage';
import { usePreviewWindow } from './use-preview-window';
import { useStoredFlag } from './use-stored-flag';

/**
 * Where a document's preview is (spec §2, §4): in the side bar when open (remembered), in its
 * own window when popped out, or closed. Closing the window reopens the side bar.
 */
export function usePreviewSide(documentKey: string, organizationId: string) {
  const [isOpen, setOpen] = useStoredFlag(STORAGE_KEYS.previewOpen, true);
  const popup = usePreviewWindow(documentKey, organizationId);
  return {
    isShown: isOpen && !popup.isPoppedOut,
    isPoppedOut: popup.isPoppedOut,
    isOpen,
    open: () => setOpen(true),
    close: () => setOpen(false),
    popOut: () => popup.popOut(() => setOpen(true)),
  };
}

import { useEffect, useRef, useState } from 'react';
import {
  PREVIEW_POPUP_POLL_MS,
  PREVIEW_WINDOW_HEIGHT,
  PREVIEW_WINDOW_WIDTH,
} from '../../../app/constants';

/** The window name: a second pop-out reuses the open window instead of adding one. */
const WINDOW_NAME = 'docpreview';

/** The standalone preview's address (spec §2: /docpreview under the application base). */
export function docPreviewPath(documentKey: string, organizationId: string): string {
  const query = new URLSearchParams({ documentKey, organizationId });
  return `${import.meta.env.BASE_URL.replace(/\/$/, '')}/docpreview?${query.toString()}`;
}

/**
 * spec §2: the preview popped out into its own 800 × 600 window. While it is open the side
 * bar steps aside; once it is closed (seen by polling, as a closed window sends nothing the
 * opener can rely on) the side bar comes back.
 */
export function usePreviewWindow(documentKey: string, organizationId: string) {
  const [popup, setPopup] = useState<Window | null>(null);
  const onClosedRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!popup) return;
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      setPopup(null);
      onClosedRef.current?.();
    }, PREVIEW_POPUP_POLL_MS);
    return () => window.clearInterval(timer);
  }, [popup]);

  const popOut = (onClosed: () => void) => {
    const features = `width=${PREVIEW_WINDOW_WIDTH},height=${PREVIEW_WINDOW_HEIGHT}`;
    const opened = window.open(docPreviewPath(documentKey, organizationId), WINDOW_NAME, features);
    // A blocked popup: the side bar stays where it is.
    if (!opened) return;
    onClosedRef.current = onClosed;
    setPopup(opened);
  };

  return { isPoppedOut: popup !== null, popOut };
}

import { createContext, use } from 'react';

/** An undoable action the server answered with an undoId (spec §4: offered for 8 s). */
export interface UndoOffer {
  /**
   * The undoIds of the action: one per call it took, in the order made (a bulk delete of more
   * keys than one call takes is several); undo reverses them last first.
   */
  undoIds: string[];
  /** spec §2: the snackbar text differs for delete and for other methods. */
  kind: 'delete' | 'other';
  /** How many records a delete removed, when more than one: the text says so. */
  count?: number;
  /** Tables to reload after undoing (the server's answer adds its own list). */
  tables: string[];
  /** Data outside the tables the undo changes (a document's files), reloaded after it. */
  afterUndo?: () => Promise<unknown>;
}

export interface Undo {
  offer: (offer: UndoOffer) => void;
}

export const UndoContext = createContext<Undo | null>(null);

export function useUndo(): Undo {
  const undo = use(UndoContext);
  if (!undo) throw new Error('useUndo needs an UndoProvider above it');
  return undo;
}

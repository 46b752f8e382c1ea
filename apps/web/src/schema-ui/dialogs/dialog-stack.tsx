import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TableRecord } from '@listina/contract';
import {
  DialogsContext,
  type Dialogs,
  type EditDialogParams,
  type EditDialogResult,
  type GridDialogParams,
} from './dialog-context';
import { EditDialog } from './edit-dialog';
import { GridDialog } from './grid-dialog';

type Entry =
  | {
      id: number;
      kind: 'edit';
      params: EditDialogParams;
      resolve: (result: EditDialogResult) => void;
    }
  | {
      id: number;
      kind: 'grid';
      params: GridDialogParams;
      resolve: (row: TableRecord | undefined) => void;
    };

/**
 * Holds the open edit and grid dialogs (spec §2): any number at once, the newest on top and
 * each parent moved aside by the dialogs above it. A dialog leaves the stack once its closing
 * animation is over, and only then is its caller's promise resolved.
 */
export function DialogStackProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const nextId = useRef(1);

  const push = useCallback((entry: Omit<Entry, 'id'>) => {
    const id = nextId.current;
    nextId.current += 1;
    setEntries((list) => [...list, { ...entry, id } as Entry]);
  }, []);

  const dialogs = useMemo<Dialogs>(
    () => ({
      openEdit: (params) =>
        new Promise<EditDialogResult>((resolve) => push({ kind: 'edit', params, resolve })),
      openGrid: (params) =>
        new Promise<TableRecord | undefined>((resolve) => push({ kind: 'grid', params, resolve })),
    }),
    [push],
  );

  const remove = (id: number) => setEntries((list) => list.filter((entry) => entry.id !== id));

  return (
    <DialogsContext value={dialogs}>
      {children}
      {entries.map((entry, index) => {
        const depth = entries.length - 1 - index;
        if (entry.kind === 'edit') {
          return (
            <EditDialog
              key={entry.id}
              params={entry.params}
              depth={depth}
              onDone={(result) => {
                remove(entry.id);
                entry.resolve(result);
              }}
            />
          );
        }
        return (
          <GridDialog
            key={entry.id}
            params={entry.params}
            depth={depth}
            onDone={(row) => {
              remove(entry.id);
              entry.resolve(row);
            }}
          />
        );
      })}
    </DialogsContext>
  );
}

import { useMemo } from 'react';
import type { TableRecord } from '@listina/contract';
import type { DocActor, DocWorkflowStanding } from '@listina/forms';
import { DATA_ENTRY_EXTENDED_ROLE } from '../../app/roles';
import { useSession } from '../../app/session';
import { useTableRights } from '../../schema-ui/api';
import { DOC_TABLE } from './doc-api';

/**
 * The signed-in user as the document rules see them (packages/forms doc-rights): the write
 * right is the server's answer for the doc table (GET /api/cl), the rest their roles.
 */
export function useDocActor(): DocActor {
  const { roles, isAdmin } = useSession();
  const canWriteDocs = useTableRights(DOC_TABLE)?.canWrite === true;
  const isExtendedDataEntry = roles.includes(DATA_ENTRY_EXTENDED_ROLE);
  return useMemo(
    () => ({ isAdmin, canWriteDocs, isExtendedDataEntry }),
    [isAdmin, canWriteDocs, isExtendedDataEntry],
  );
}

/** A list row as the rules see it: its status and the server's facts of it for this user. */
export const docStandingOf = (row: TableRecord): DocWorkflowStanding => ({
  status: row.status,
  isMyTask: row.isMyTask === true,
  isInWorkflow: row.isInWorkflow === true,
  isConfirmedByMe: row.isConfirmedByMe === true,
});

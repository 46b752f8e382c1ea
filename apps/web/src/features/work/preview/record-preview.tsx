import type { RecordPreviewProps } from '../../../schema-ui/dialogs/record-preview';
import { PreviewPanel } from './preview-panel';

/** DOC_TABLE's name: the only table whose records have files to preview (schema canShowPreview). */
const DOCUMENT_TABLE = 'doc';

/** spec §2: the edit dialog's eye shows a document's files, as the editor's side bar does. */
export function RecordPreview({ table, recordKey, model, onClose }: RecordPreviewProps) {
  if (table !== DOCUMENT_TABLE) return null;
  return <PreviewPanel documentKey={recordKey} costLines={model.costLines} onClose={onClose} />;
}

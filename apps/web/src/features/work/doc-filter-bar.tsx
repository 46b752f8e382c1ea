import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { SchemaSchema } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { SchemaForm } from '../../schema-ui/form/schema-form';
import { FilterChips } from '../../ui/filter-chips';
import { MessageAlert } from '../../ui/message-alert';
import { docFilterText } from './doc-filter-text';
import { docFilterValuesOf } from './doc-filters';
import type { DocFilters } from './use-doc-filters';

/**
 * The filter form, drawn by the schema form so that its lookups, dates (dd.mm.yyyy) and amounts
 * (the user's separators) read exactly as in the document's own form.
 */
const DOC_FILTER_SCHEMA = SchemaSchema.parse({
  id: 'docFilter',
  layout: [
    ['documentTypeId', 'customerKey'],
    ['issueDateFrom', 'issueDateTo', 'totalAmountFrom', 'totalAmountTo'],
  ],
  fields: [
    {
      name: 'documentTypeId',
      dataType: 'int',
      inputType: 'combo',
      labelId: 'work.filters.documentType',
      references: { table: 'documentType', field: 'id', displayFields: ['code', 'name'] },
    },
    {
      name: 'customerKey',
      inputType: 'combo',
      labelId: 'work.filters.partner',
      references: { table: 'partner', field: 'key', displayFields: ['code', 'name'] },
    },
    { name: 'issueDateFrom', dataType: 'date', labelId: 'work.filters.issueDateFrom' },
    { name: 'issueDateTo', dataType: 'date', labelId: 'work.filters.issueDateTo' },
    { name: 'totalAmountFrom', dataType: 'decimal', labelId: 'work.filters.totalAmountFrom' },
    { name: 'totalAmountTo', dataType: 'decimal', labelId: 'work.filters.totalAmountTo' },
  ],
});

/**
 * The document list's filter bar (issue 5): document type, partner, issue dates and total
 * amount from / to, how many filters are active, and a button that clears them; below, the
 * filters it has no field for (a report's drill-down, issue 27) as chips in words, each
 * removable. The filters are the user's own, saved by useDocFilters.
 */
export function DocFilterBar({ filters }: { filters: DocFilters }) {
  const { t, has } = useI18n();
  // Clearing draws the form anew, so that half-typed text and its message go too.
  const [generation, setGeneration] = useState(0);
  const clear = () => {
    setGeneration((value) => value + 1);
    filters.clear();
  };
  const failure = (what: string, error: unknown) =>
    error ? `${t(what)}\n${formatApiError(error, t)}` : null;

  return (
    <Box component="section" aria-label={t('work.filters.title')} data-testid="doc-filter-bar">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <SchemaForm
            key={generation}
            schema={DOC_FILTER_SCHEMA}
            model={filters.values}
            onChange={(model) => filters.change(docFilterValuesOf(model))}
            readonly={!filters.isReady}
            testId="doc-filter-form"
          />
        </Box>
        <Stack sx={{ alignItems: 'flex-end', gap: 1, flexShrink: 0 }}>
          <Chip
            size="small"
            color={filters.activeCount > 0 ? 'primary' : 'default'}
            label={t('work.filters.active', [filters.activeCount])}
            data-testid="doc-filter-count"
          />
          <Button
            size="small"
            startIcon={<FilterAltOffIcon />}
            disabled={!filters.isReady || filters.activeCount === 0}
            onClick={clear}
            data-testid="doc-filter-clear"
          >
            {t('work.filters.clear')}
          </Button>
        </Stack>
      </Box>
      <FilterChips
        filters={filters.others}
        describe={(filter) => docFilterText({ t, has }, filter)}
        onRemove={filters.remove}
        removeLabel={(text) => t('filters.remove', [text])}
        disabled={!filters.isReady}
        testId="doc-filter-others"
      />
      <MessageAlert
        severity="warning"
        message={failure('work.filters.loadFailed', filters.loadError)}
        testId="doc-filter-load-error"
      />
      <MessageAlert
        message={failure('work.filters.saveFailed', filters.saveError)}
        testId="doc-filter-save-error"
      />
    </Box>
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import type { Field, References } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { fieldTestId } from './input-parts';

export const hasSoftFilters = (references: References): boolean =>
  Object.keys(references.softFilters ?? {}).length > 0;

interface SoftFiltersToggleProps {
  field: Field;
  /** The toggle shows only when these have soft filters. */
  references: References;
  label: string;
  /** The soft filters narrow the list now. */
  on: boolean;
  disabled: boolean;
  onToggle: () => void;
}

/**
 * spec §3 softFilters: applied by default, and the user may remove them. A pressed toggle
 * beside the lookup: pressing it offers every item, pressing again narrows the list again.
 * Nothing when the references have no soft filters.
 */
export function SoftFiltersToggle({
  field,
  references,
  label,
  on,
  disabled,
  onToggle,
}: SoftFiltersToggleProps) {
  const { t } = useI18n();
  if (!hasSoftFilters(references)) return null;
  const text = t('input.combo.softFilters', [label]);
  return (
    <IconButton
      aria-label={text}
      title={text}
      aria-pressed={on}
      disabled={disabled}
      data-testid={fieldTestId(field, 'soft-filters')}
      onClick={onToggle}
    >
      {on ? <FilterAltIcon fontSize="small" /> : <FilterAltOffIcon fontSize="small" />}
    </IconButton>
  );
}

/** A control with the soft-filters toggle beside it, or the control alone when there are none. */
export function WithSoftFilters({
  children,
  ...toggle
}: SoftFiltersToggleProps & { children: ReactNode }) {
  if (!hasSoftFilters(toggle.references)) return children;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <SoftFiltersToggle {...toggle} />
    </Box>
  );
}

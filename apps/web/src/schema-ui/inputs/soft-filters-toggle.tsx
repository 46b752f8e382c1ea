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
  label: string;
  /** The soft filters narrow the list now. */
  on: boolean;
  disabled: boolean;
  onToggle: () => void;
}

/**
 * spec §3 softFilters: applied by default, and the user may remove them. A pressed toggle
 * beside the lookup: pressing it offers every item, pressing again narrows the list again.
 */
export function SoftFiltersToggle({
  field,
  label,
  on,
  disabled,
  onToggle,
}: SoftFiltersToggleProps) {
  const { t } = useI18n();
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

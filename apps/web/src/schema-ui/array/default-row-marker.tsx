import Chip from '@mui/material/Chip';
import { useI18n } from '../../app/i18n';

/**
 * spec §3 grid rows' isDefaultModel (issue 24): the row the server marks as the default (the
 * default bank account) shows "Default" beside its first value, in every grid alike.
 */
export function DefaultRowMarker() {
  const { t } = useI18n();
  return (
    <Chip
      label={t('grid.defaultRow')}
      title={t('grid.defaultRowHint')}
      size="small"
      color="primary"
      variant="outlined"
      sx={{ ml: 1, height: 20, verticalAlign: 'middle' }}
      data-testid="grid-default-row"
    />
  );
}

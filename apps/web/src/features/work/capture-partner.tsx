import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { PARTNER_TABLE, tableQueryKey } from '../../schema-ui/api';
import type { FoundSupplier } from './capture-api';
import { createSupplier, useSupplierSuggestions } from './capture-partner-api';

interface CapturePartnerProps {
  supplier: FoundSupplier;
  /** While the form waits (a save, a capture): nothing is set on it. */
  disabled: boolean;
  /** Sets the partner on the document; the user saves it as usual. */
  onUse: (partnerKey: string, label: string) => void;
}

/**
 * Issue 7: a captured document whose supplier is none of the organisation's partners yet.
 * The partners that may be it are offered ("Use …"); when none is, the supplier is created
 * in one step from what capture found, and set on the document.
 */
export function CapturePartner({ supplier, disabled, onUse }: CapturePartnerProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const suggestions = useSupplierSuggestions(supplier);
  const [name, setName] = useState(supplier.name);
  const [isCreating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const items = suggestions.data?.items ?? [];
  // The server records them on a partner suggested by name when the document is saved with it.
  // A partner with the VAT ID or IBAN found is this supplier: it is not created again.
  const isKnown = items.some((item) => item.matchedBy === 'vatId' || item.matchedBy === 'iban');
  const recordsIds =
    (supplier.vatId !== '' || supplier.iban !== '') &&
    items.some((item) => item.matchedBy === 'name');

  const create = async () => {
    setCreating(true);
    setError(null);
    try {
      const key = await createSupplier(supplier, name);
      // The partner combo and the suggestions know the new partner.
      await queryClient.invalidateQueries({ queryKey: tableQueryKey(PARTNER_TABLE) });
      onUse(key, name.trim());
    } catch (failure) {
      setError(formatApiError(failure, t));
    } finally {
      setCreating(false);
    }
  };

  const details = [
    supplier.vatId && t('work.capturePartner.vatId', [supplier.vatId]),
    supplier.iban && t('work.capturePartner.iban', [supplier.iban]),
  ].filter(Boolean);

  return (
    <Alert severity="info" sx={{ my: 1 }} data-testid="capture-partner">
      <AlertTitle>
        {supplier.name
          ? t('work.capturePartner.title', [supplier.name])
          : t('work.capturePartner.titleNoName')}
      </AlertTitle>
      {details.length > 0 && <Typography variant="body2">{details.join(' · ')}</Typography>}
      {suggestions.isPending && (
        <Typography variant="body2" role="status">
          {t('work.capturePartner.loading')}
        </Typography>
      )}
      {suggestions.isError && (
        <Typography variant="body2" color="error" data-testid="capture-partner-error">
          {formatApiError(suggestions.error, t)}
        </Typography>
      )}
      {items.length > 0 && (
        <Stack
          component="ul"
          aria-label={t('work.capturePartner.suggestions')}
          sx={{ listStyle: 'none', p: 0, my: 1, gap: 0.5 }}
        >
          {items.map((item) => {
            const label = `${item.code} – ${item.name}`;
            return (
              <Stack
                component="li"
                key={item.key}
                direction="row"
                sx={{ alignItems: 'center', gap: 1 }}
              >
                <Button
                  size="small"
                  variant="outlined"
                  disabled={disabled || isCreating}
                  onClick={() => onUse(item.key, label)}
                  data-testid="capture-partner-use"
                >
                  {t('work.capturePartner.use', [label])}
                </Button>
                <Typography variant="caption" color="text.secondary">
                  {t(`work.capturePartner.matchedBy.${item.matchedBy}`)}
                </Typography>
              </Stack>
            );
          })}
        </Stack>
      )}
      {recordsIds && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('work.capturePartner.recordsIds')}
        </Typography>
      )}
      {suggestions.isSuccess && items.length === 0 && (
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('work.capturePartner.none')}
        </Typography>
      )}
      {!isKnown && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <TextField
            size="small"
            label={t('work.capturePartner.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={disabled || isCreating}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'capture-partner-name' } }}
          />
          <Button
            variant="contained"
            size="small"
            disabled={disabled || isCreating || name.trim() === ''}
            onClick={() => void create()}
            data-testid="capture-partner-create"
          >
            {name.trim()
              ? t('work.capturePartner.create', [name.trim()])
              : t('work.capturePartner.createNoName')}
          </Button>
          {isCreating && (
            <Typography variant="body2" role="status">
              {t('work.capturePartner.creating')}
            </Typography>
          )}
        </Stack>
      )}
      {error && (
        <Alert
          severity="error"
          sx={{ mt: 1, whiteSpace: 'pre-line' }}
          onClose={() => setError(null)}
          closeText={t('common.close')}
          data-testid="capture-partner-failed"
        >
          {t('work.capturePartner.failed', [error])}
        </Alert>
      )}
    </Alert>
  );
}

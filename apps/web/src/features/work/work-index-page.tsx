import { useSearchParams } from 'react-router';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../app/i18n';

/** /o/{organizationId}/work/index: the document list; for now it shows the query it got. */
export function WorkIndexPage() {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const search = searchParams.get('search');
  return (
    <Paper sx={{ p: 3 }} data-testid="work-index-page">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('work.documents.title')}
      </Typography>
      {search && (
        <Typography data-testid="work-search-text">
          {t('work.documents.searchFor', [search])}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {t('work.documents.placeholder')}
      </Typography>
    </Paper>
  );
}

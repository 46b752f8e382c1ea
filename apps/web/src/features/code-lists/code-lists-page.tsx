import { Link, Navigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatApiError } from '../../api/format-error';
import { TOOLBAR_HEIGHT } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { useEntities } from '../../schema-ui/api';
import { TableGrid } from '../../schema-ui/grid/table-grid';

const SIDEBAR_WIDTH = 240;
/** The page fills the window below the toolbar and the main area's padding (2 × 16 px). */
const PAGE_HEIGHT = `calc(100vh - ${TOOLBAR_HEIGHT + 32}px)`;

/**
 * /o/{organizationId}/cl/{cl}: the code-list browser (spec §2). A sidebar lists the tables
 * of GET /api/cl; the chosen one shows in a grid whose rows open in the edit dialog.
 */
export function CodeListsPage() {
  const { organizationId = '', cl } = useParams();
  const { t } = useI18n();
  const entities = useEntities();

  if (entities.isError) {
    return <MessageAlert message={formatApiError(entities.error, t)} testId="code-lists-error" />;
  }
  if (!entities.data) return <CenteredProgress />;
  // Root tables (doc) have screens of their own, not a place among the code lists.
  const items = entities.data.items.filter((item) => !item.root);
  const first = items[0];
  if (cl === undefined && first) {
    return <Navigate to={`/o/${organizationId}/cl/${first.name}`} replace />;
  }
  const entity = items.find((item) => item.name === cl);

  return (
    <Box sx={{ display: 'flex', gap: 2, height: PAGE_HEIGHT }} data-testid="code-lists-page">
      <Paper
        component="nav"
        aria-labelledby="code-lists-title"
        sx={{
          width: SIDEBAR_WIDTH,
          flexShrink: 0,
          alignSelf: 'flex-start',
          maxHeight: '100%',
          overflow: 'auto',
        }}
      >
        <Typography
          id="code-lists-title"
          variant="subtitle1"
          component="h2"
          sx={{ px: 2, pt: 1.5 }}
        >
          {t('codeLists.title')}
        </Typography>
        <List dense component="div" data-testid="code-lists-sidebar">
          {items.map((item) => (
            <ListItemButton
              key={item.name}
              component={Link}
              to={`/o/${organizationId}/cl/${item.name}`}
              selected={item.name === cl}
              aria-current={item.name === cl ? 'page' : undefined}
              data-testid={`code-list-${item.name}`}
            >
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Paper sx={{ flex: 1, minWidth: 0, p: 2, display: 'flex', flexDirection: 'column' }}>
        {items.length === 0 && <Alert severity="info">{t('codeLists.none')}</Alert>}
        {cl !== undefined && !entity && (
          <Alert severity="warning" data-testid="code-list-unknown">
            {t('codeLists.unknown', [cl])}
          </Alert>
        )}
        {entity && (
          <>
            <Typography variant="h6" component="h1" sx={{ mb: 1 }} data-testid="code-list-title">
              {entity.label}
            </Typography>
            {!entity.canWrite && (
              <Alert severity="info" sx={{ mb: 1 }} data-testid="code-list-readonly">
                {t('codeLists.readonly')}
              </Alert>
            )}
            {/* The grid reads the table's rights (write, add, delete, sort keys) itself. */}
            <TableGrid key={entity.name} table={entity.name} height="fill" />
          </>
        )}
      </Paper>
    </Box>
  );
}

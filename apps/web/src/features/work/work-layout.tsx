import { Link, Outlet, useMatch, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { formatApiError } from '../../api/format-error';
import { TOOLBAR_HEIGHT, WORK_SIDEBAR_WIDTH } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { tileListPath, useFormatCount, useTiles } from '../../app/tiles';
import { MessageAlert } from '../../ui/message-alert';

/** The workspace fills the window below the toolbar and the main area's padding (2 × 16 px). */
export const WORK_PAGE_HEIGHT = `calc(100vh - ${TOOLBAR_HEIGHT + 32}px)`;

/**
 * /o/{organizationId}/work (spec §2): the workspace. A sidebar with the tiles as navigation
 * and a new-document button beside the page (the list, or a document with its right bar).
 */
export function WorkLayout() {
  return (
    <Box sx={{ display: 'flex', gap: 2, height: WORK_PAGE_HEIGHT }} data-testid="work-layout">
      <WorkSidebar />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
    </Box>
  );
}

function WorkSidebar() {
  const { organizationId = '' } = useParams();
  const { t } = useI18n();
  const tiles = useTiles();
  const [searchParams] = useSearchParams();
  const isList = useMatch('/o/:organizationId/work/index') !== null;
  const filterId = isList ? (searchParams.get('filterId') ?? '') : null;

  return (
    <Paper
      component="nav"
      aria-labelledby="work-sidebar-title"
      sx={{
        width: WORK_SIDEBAR_WIDTH,
        flexShrink: 0,
        alignSelf: 'flex-start',
        overflow: 'auto',
        // Issue 26: a phone has no room beside the page; home's tiles open the lists there.
        display: { xs: 'none', sm: 'block' },
      }}
      data-testid="work-sidebar"
    >
      <Typography
        id="work-sidebar-title"
        variant="subtitle1"
        component="h2"
        sx={{ px: 2, pt: 1.5 }}
      >
        {t('work.sidebar.title')}
      </Typography>
      <Box sx={{ px: 2, py: 1 }}>
        <Button
          component={Link}
          to={`/o/${organizationId}/work/edit`}
          variant="contained"
          startIcon={<AddIcon />}
          fullWidth
          data-testid="work-new-document"
        >
          {t('work.sidebar.newDocument')}
        </Button>
      </Box>
      <List dense component="div" data-testid="work-tiles">
        <SidebarLink
          to={`/o/${organizationId}/work/index`}
          label={t('work.sidebar.all')}
          selected={filterId === ''}
          testId="work-tile-all"
        />
        {tiles.data?.items.map((tile) => (
          <SidebarLink
            key={tile.filterId}
            to={tileListPath(organizationId, tile.filterId)}
            label={tile.label}
            count={tile.count}
            selected={filterId === tile.filterId}
            testId={`work-tile-${tile.filterId}`}
          />
        ))}
      </List>
      {tiles.isError && (
        <Box sx={{ px: 1 }}>
          <MessageAlert message={formatApiError(tiles.error, t)} testId="work-tiles-error" />
        </Box>
      )}
    </Paper>
  );
}

interface SidebarLinkProps {
  to: string;
  label: string;
  count?: number;
  selected: boolean;
  testId: string;
}

function SidebarLink({ to, label, count, selected, testId }: SidebarLinkProps) {
  const formatCount = useFormatCount();
  return (
    <ListItemButton
      component={Link}
      to={to}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      data-testid={testId}
    >
      <ListItemText primary={label} />
      {count !== undefined && <Chip size="small" label={formatCount(count)} />}
    </ListItemButton>
  );
}

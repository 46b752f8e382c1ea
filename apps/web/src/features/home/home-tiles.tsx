import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { intakePath, useIntakeSummary } from '../../app/intake-summary';
import { tileListPath, useFormatCount, useTiles } from '../../app/tiles';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';

/**
 * spec §2, §3 Tile: the document counts, each opening the list filtered by it; and, while
 * incoming mail waits in quarantine (issue 25), its count opening the Intake page.
 */
export function HomeTiles({ organizationId }: { organizationId: string }) {
  const { t } = useI18n();
  const tiles = useTiles();
  const quarantined = useIntakeSummary(organizationId).data?.quarantined ?? 0;
  const formatCount = useFormatCount();
  return (
    <Box component="section" aria-labelledby="home-tiles-title" sx={{ mt: 3 }}>
      <Typography id="home-tiles-title" variant="h6" component="h2" gutterBottom>
        {t('home.tiles.title')}
      </Typography>
      {tiles.isPending && <CenteredProgress />}
      {tiles.isError && (
        <MessageAlert message={formatApiError(tiles.error, t)} testId="home-tiles-error" />
      )}
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
          gap: 2,
          p: 0,
          m: 0,
          listStyle: 'none',
        }}
        data-testid="home-tiles"
      >
        {tiles.data?.items.map((tile) => (
          <li key={tile.filterId}>
            <Card variant="outlined">
              <CardActionArea
                component={Link}
                to={tileListPath(organizationId, tile.filterId)}
                data-testid={`home-tile-${tile.filterId}`}
              >
                <CardContent>
                  <Typography variant="h4" component="p" data-testid="home-tile-count">
                    {formatCount(tile.count)}
                  </Typography>
                  <Typography color="text.secondary" data-testid="home-tile-label">
                    {tile.label}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
        {quarantined > 0 && (
          <li>
            <Card variant="outlined" sx={{ borderColor: 'warning.main' }}>
              <CardActionArea
                component={Link}
                to={intakePath(organizationId, 'quarantined')}
                data-testid="home-tile-intake-quarantined"
              >
                <CardContent>
                  <Typography variant="h4" component="p" data-testid="home-tile-count">
                    {formatCount(quarantined)}
                  </Typography>
                  <Typography color="text.secondary" data-testid="home-tile-label">
                    {t('intake.tile.quarantined')}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        )}
      </Box>
    </Box>
  );
}

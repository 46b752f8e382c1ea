import { useMatch, useNavigate, useSearchParams } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import HomeIcon from '@mui/icons-material/Home';
import IntakeIcon from '@mui/icons-material/MoveToInboxOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import ReportsIcon from '@mui/icons-material/BarChartOutlined';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { TOOLBAR_HEIGHT } from '../constants';
import { useI18n } from '../i18n';
import { useSession } from '../session';
import { LanguageMenu } from './language-menu';
import { MoreMenu } from './more-menu';
import { NotificationsButton } from './notifications-button';
import { OrganizationSwitcher } from './organization-switcher';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

/**
 * spec §2 main toolbar: home, organisation, search (home and filterId=search), code lists,
 * payments (issue 8), reports (issue 27), incoming mail (issue 25), notifications with the
 * unread count, language, user.
 */
export function MainToolbar() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { activeOrganization } = useSession();
  const [searchParams] = useSearchParams();
  const isOrganizationRoot = useMatch('/o/:organizationId') !== null;
  const isHome = useMatch('/o/:organizationId/home') !== null;
  const isSearch = searchParams.get('filterId') === 'search';
  const showSearch = activeOrganization !== null && (isOrganizationRoot || isHome || isSearch);
  const searchText = isSearch ? (searchParams.get('search') ?? '') : '';
  // Issue 26: on a phone only home, the organisation and the bell stay in the bar; the rest
  // goes into one "more" menu, so the bar never pushes the page wider than the screen.
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar variant="dense" sx={{ height: TOOLBAR_HEIGHT, gap: { xs: 0.5, sm: 1 } }}>
        <IconButton
          edge="start"
          color="inherit"
          aria-label={t('toolbar.home')}
          data-testid="home-button"
          onClick={() =>
            void navigate(activeOrganization ? `/o/${activeOrganization.id}/home` : '/')
          }
        >
          <HomeIcon />
        </IconButton>
        <OrganizationSwitcher />
        <Box sx={{ flexGrow: 1 }} />
        {showSearch && activeOrganization && (
          <SearchBox key={searchText} organizationId={activeOrganization.id} initial={searchText} />
        )}
        {isSmall ? null : (
          <>
            {activeOrganization && (
              <Tooltip title={t('toolbar.codeLists')}>
                <IconButton
                  color="inherit"
                  aria-label={t('toolbar.codeLists')}
                  data-testid="code-lists-button"
                  onClick={() => void navigate(`/o/${activeOrganization.id}/cl`)}
                >
                  <ListAltIcon />
                </IconButton>
              </Tooltip>
            )}
            {activeOrganization && (
              <Tooltip title={t('toolbar.payments')}>
                <IconButton
                  color="inherit"
                  aria-label={t('toolbar.payments')}
                  data-testid="payments-button"
                  onClick={() => void navigate(`/o/${activeOrganization.id}/payments`)}
                >
                  <PaymentsIcon />
                </IconButton>
              </Tooltip>
            )}
            {activeOrganization && (
              <Tooltip title={t('toolbar.reports')}>
                <IconButton
                  color="inherit"
                  aria-label={t('toolbar.reports')}
                  data-testid="reports-button"
                  onClick={() => void navigate(`/o/${activeOrganization.id}/reports`)}
                >
                  <ReportsIcon />
                </IconButton>
              </Tooltip>
            )}
            {activeOrganization && (
              <Tooltip title={t('toolbar.intake')}>
                <IconButton
                  color="inherit"
                  aria-label={t('toolbar.intake')}
                  data-testid="intake-button"
                  onClick={() => void navigate(`/o/${activeOrganization.id}/intake`)}
                >
                  <IntakeIcon />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
        <NotificationsButton />
        {isSmall ? (
          <MoreMenu />
        ) : (
          <>
            <LanguageMenu color="inherit" />
            <UserMenu />
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { Organization } from '@listina/contract';
import { ORGANIZATION_SEARCH_THRESHOLD } from '../constants';
import { useI18n } from '../i18n';
import { useSession } from '../session';

interface ChoiceProps {
  organizations: Organization[];
  active: Organization;
  onSelect: (id: string) => void;
}

/**
 * spec §2: the active organisation as plain text (one), a menu (2 to 10) or a searchable
 * selector (more than 10); names sorted. Choosing one opens its home.
 */
export function OrganizationSwitcher() {
  const { organizations, activeOrganization } = useSession();
  const navigate = useNavigate();
  if (!activeOrganization) return null;

  const onSelect = (id: string) => {
    if (id !== activeOrganization.id) void navigate(`/o/${id}/home`);
  };
  const props = { organizations, active: activeOrganization, onSelect };
  if (organizations.length <= 1) {
    return (
      <Typography variant="subtitle1" noWrap data-testid="org-name">
        {activeOrganization.nameNick}
      </Typography>
    );
  }
  if (organizations.length <= ORGANIZATION_SEARCH_THRESHOLD) return <OrganizationMenu {...props} />;
  return <OrganizationSearch {...props} />;
}

function OrganizationMenu({ organizations, active, onSelect }: ChoiceProps) {
  const { t } = useI18n();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'org-menu-list' : undefined}
        title={t('toolbar.organization')}
        data-testid="org-menu"
        sx={{ textTransform: 'none', fontSize: '1rem' }}
      >
        {active.nameNick}
      </Button>
      <Menu
        id="org-menu-list"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
      >
        {organizations.map((organization) => (
          <MenuItem
            key={organization.id}
            selected={organization.id === active.id}
            data-testid="org-menu-item"
            onClick={() => {
              setAnchor(null);
              onSelect(organization.id);
            }}
          >
            {organization.nameNick}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function OrganizationSearch({ organizations, active, onSelect }: ChoiceProps) {
  const { t } = useI18n();
  return (
    <Autocomplete
      data-testid="org-selector"
      options={organizations}
      value={active}
      disableClearable
      autoHighlight
      size="small"
      getOptionLabel={(organization) => organization.nameNick}
      getOptionKey={(organization) => organization.id}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      onChange={(_event, organization) => onSelect(organization.id)}
      noOptionsText={t('toolbar.noOrganizationFound')}
      sx={{ width: { xs: 180, sm: 280 } }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={t('toolbar.organization')}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': t('toolbar.organization'),
              'data-testid': 'org-selector-input',
            },
          }}
          sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
        />
      )}
    />
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { Organization } from '@listina/contract';
import { ORGANIZATION_SEARCH_THRESHOLD } from '../constants';
import { useI18n } from '../i18n';
import { useSession } from '../session';

interface ChoiceProps {
  organizations: Organization[];
  active: Organization;
  onSelect: (id: string) => void;
  onAdd: () => void;
}

/** Where another organisation is joined by code or created (issue 24). */
const ADD_ORGANIZATION_PATH = '/account/addorg';

/** A button beside the name or the selector that opens joining or creating an organisation. */
function AddOrganizationButton({ onAdd }: { onAdd: () => void }) {
  const { t } = useI18n();
  return (
    <Tooltip title={t('toolbar.addOrganization')}>
      <IconButton
        color="inherit"
        size="small"
        aria-label={t('toolbar.addOrganization')}
        onClick={onAdd}
        data-testid="org-add"
      >
        <AddBusinessIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * spec §2: the active organisation as plain text (one), a menu (2 to 10) or a searchable
 * selector (more than 10); names sorted. Choosing one opens its home. Each form also offers
 * to add an organisation (issue 24): the last item of the menu, a button beside the others.
 */
export function OrganizationSwitcher() {
  const { organizations, activeOrganization } = useSession();
  const navigate = useNavigate();
  if (!activeOrganization) return null;

  const onSelect = (id: string) => {
    if (id !== activeOrganization.id) void navigate(`/o/${id}/home`);
  };
  const onAdd = () => void navigate(ADD_ORGANIZATION_PATH);
  const props = { organizations, active: activeOrganization, onSelect, onAdd };
  if (organizations.length <= 1) {
    return (
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <Typography variant="subtitle1" noWrap data-testid="org-name">
          {activeOrganization.nameNick}
        </Typography>
        <AddOrganizationButton onAdd={onAdd} />
      </Stack>
    );
  }
  if (organizations.length <= ORGANIZATION_SEARCH_THRESHOLD) return <OrganizationMenu {...props} />;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <OrganizationSearch {...props} />
      <AddOrganizationButton onAdd={onAdd} />
    </Stack>
  );
}

function OrganizationMenu({ organizations, active, onSelect, onAdd }: ChoiceProps) {
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
        <Divider />
        <MenuItem
          data-testid="org-menu-add"
          onClick={() => {
            setAnchor(null);
            onAdd();
          }}
        >
          <ListItemIcon>
            <AddBusinessIcon fontSize="small" />
          </ListItemIcon>
          {t('toolbar.addOrganization')}
        </MenuItem>
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

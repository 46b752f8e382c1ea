import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ApproveIcon from '@mui/icons-material/DoneAll';
import type { WorkflowResultCode } from '@listina/contract';
import { useI18n } from '../../app/i18n';
import { WORKFLOW_MENU } from './workflow-action-kinds';

interface WorkflowActionsProps {
  disabled: boolean;
  /** Why the actions are disabled, when the user can do something about it. */
  hint?: string;
  /** Confirm at once, without a dialog: the everyday action. */
  onConfirm: () => void;
  /** An action of the menu: its dialog opens. */
  onChoose: (code: WorkflowResultCode) => void;
}

/** The room the phone's bottom action bar takes: a 44 px button and its padding, in spacing units. */
export const PHONE_ACTION_BAR_SPACE = 8;

/** The workflow actions of a document in a workflow: Confirm, and the others in a menu. */
export function WorkflowActions({ disabled, hint, onConfirm, onChoose }: WorkflowActionsProps) {
  const { t } = useI18n();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (code: WorkflowResultCode) => {
    setAnchor(null);
    onChoose(code);
  };
  return (
    <Tooltip title={disabled && hint ? hint : ''}>
      <Stack
        direction="row"
        // Issue 26: on a phone the actions take the screen's width, in reach of a thumb, and
        // stay at the bottom of the screen however far the document scrolls (the page pads its
        // bottom by PHONE_ACTION_BAR_SPACE so the bar hides none of it).
        sx={{
          gap: 1,
          width: { xs: '100%', sm: 'auto' },
          '& > button': { flex: { xs: 1, sm: 'none' } },
          position: { xs: 'fixed', sm: 'static' },
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: { xs: 'appBar', sm: 'auto' },
          p: { xs: 1, sm: 0 },
          pb: { xs: 'calc(8px + env(safe-area-inset-bottom))', sm: 0 },
          bgcolor: { xs: 'background.paper', sm: 'transparent' },
          boxShadow: { xs: 8, sm: 'none' },
        }}
        data-testid="wf-actions"
      >
        <Button
          variant="contained"
          startIcon={<ApproveIcon />}
          disabled={disabled}
          onClick={onConfirm}
          data-testid="wf-action-confirmed"
        >
          {t('wf.action.confirmed')}
        </Button>
        <Button
          variant="outlined"
          endIcon={<ArrowDropDownIcon />}
          disabled={disabled}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? menuId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="wf-actions-menu"
        >
          {t('wf.actions.more')}
        </Button>
        <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {WORKFLOW_MENU.map((item) => (
            <MenuItem key={item.testId} onClick={() => choose(item.code)} data-testid={item.testId}>
              {t('wf.action.menuItem', [t(item.labelKey)])}
            </MenuItem>
          ))}
        </Menu>
      </Stack>
    </Tooltip>
  );
}

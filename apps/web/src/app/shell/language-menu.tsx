import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useI18n } from '../i18n';

/** The language switcher of the toolbar and the login page. */
export function LanguageMenu({ color }: { color?: 'inherit' | 'primary' }) {
  const { t, locale, setLocale, languages } = useI18n();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color={color ?? 'primary'}
        startIcon={<TranslateIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`${t('common.language')}: ${locale}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="language-menu"
      >
        {locale}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language.code}
            lang={language.code}
            selected={language.code === locale}
            data-testid={`language-${language.code}`}
            onClick={() => {
              setAnchor(null);
              setLocale(language.code);
            }}
          >
            {language.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useI18n } from '../i18n';

interface LanguageMenuListProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The languages of the catalogue, the current one selected; choosing one switches to it. */
export function LanguageMenuList({ anchor, onClose }: LanguageMenuListProps) {
  const { locale, setLocale, languages } = useI18n();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {languages.map((language) => (
        <MenuItem
          key={language.code}
          lang={language.code}
          selected={language.code === locale}
          data-testid={`language-${language.code}`}
          onClick={() => {
            onClose();
            setLocale(language.code);
          }}
        >
          {language.name}
        </MenuItem>
      ))}
    </Menu>
  );
}

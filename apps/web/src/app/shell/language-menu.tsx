import { Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { useI18n } from '../i18n';
import { lazyPage } from '../lazy-page';

// The menu (Menu, Popover, Modal) loads when first wanted: the sign-in pages need no more.
const loadList = () => import('./language-menu-list');
const LanguageMenuList = lazyPage(loadList, (m) => m.LanguageMenuList);
const preloadList = () => {
  // Only a head start: opening the menu loads it again and reports a failure.
  loadList().catch(() => undefined);
};

/** The language switcher of the toolbar and the login page. */
export function LanguageMenu({ color }: { color?: 'inherit' | 'primary' }) {
  const { t, locale } = useI18n();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <Button
        color={color ?? 'primary'}
        startIcon={<TranslateIcon />}
        onPointerEnter={preloadList}
        onFocus={preloadList}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setWasOpened(true);
        }}
        aria-label={`${t('common.language')}: ${locale}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="language-menu"
      >
        {locale}
      </Button>
      {/* Stays mounted once opened, so that closing animates as before. */}
      {wasOpened && (
        <Suspense fallback={null}>
          <LanguageMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { type LayoutSettings, auth } from '@preffy/api';
import {
  IconLanguage,
  IconLayoutBoard,
  IconMaximize,
  IconMinimize,
  IconMoon,
  IconSun,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { call, notifyError } from '../../lib/api/client.ts';
import { LANGUAGES, type Language, currentLanguage, setLanguage } from '../../lib/i18n/index.ts';

/** The top bar's buttons: full screen, language, light or dark, and the layout settings. */
export function HeaderActions({
  color,
  layout,
  onLayoutChange,
  onOpenLayoutSettings,
}: {
  /** The buttons' colour on the dark top bar of the horizontal layout. */
  color: string | undefined;
  layout: LayoutSettings;
  onLayoutChange: (layout: LayoutSettings) => void;
  onOpenLayoutSettings: () => void;
}) {
  const { t } = useTranslation();
  const { t: tl } = useTranslation('layout');
  const fullscreen = useFullscreenDocument();
  // The user's stored colours, not the browser's computed scheme: the server draws this page
  // too (decision 0072) and knows only the former, so both draw the same button.
  const scheme = layout.colorScheme;
  const changeLanguage = async (language: Language) => {
    await setLanguage(language);
    call(auth.updateMe, { body: { language } }).catch(notifyError);
  };
  return (
    <>
      <Tooltip label={fullscreen.fullscreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}>
        <ActionIcon
          variant="subtle"
          color={color}
          onClick={() => void fullscreen.toggle()}
          aria-label={fullscreen.fullscreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}
        >
          {fullscreen.fullscreen ? <IconMinimize /> : <IconMaximize />}
        </ActionIcon>
      </Tooltip>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color={color}
            aria-label={t('shell.language')}
            data-testid="language-menu"
          >
            <IconLanguage />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('shell.language')}</Menu.Label>
          {Object.entries(LANGUAGES).map(([code, name]) => (
            <Menu.Item
              key={code}
              lang={code}
              onClick={() => void changeLanguage(code as Language)}
              fw={code === currentLanguage() ? 700 : undefined}
              data-testid={`language-${code}`}
            >
              {name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={scheme === 'dark' ? t('shell.lightMode') : t('shell.darkMode')}>
        <ActionIcon
          variant="subtle"
          color={color}
          onClick={() => onLayoutChange({ ...layout, colorScheme: scheme === 'dark' ? 'light' : 'dark' })}
          aria-label={scheme === 'dark' ? t('shell.lightMode') : t('shell.darkMode')}
        >
          {scheme === 'dark' ? <IconSun /> : <IconMoon />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label={tl('open')}>
        <ActionIcon
          variant="subtle"
          color={color}
          onClick={onOpenLayoutSettings}
          aria-label={tl('open')}
          data-testid="open-layout-settings"
        >
          <IconLayoutBoard />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

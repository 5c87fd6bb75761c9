import { Drawer, Group, Radio, Stack } from '@mantine/core';
import { type LayoutSettings, layoutSettingsSchema } from '@preffy/api';
import { useTranslation } from 'react-i18next';

type Setting = keyof LayoutSettings;
const SETTINGS: Setting[] = ['layout', 'width', 'sidebar', 'colorScheme'];

/**
 * The spec's right bar (doc 2 §4 'Layout settings'): one labelled radio group per setting, so
 * it is usable by keyboard (arrows move within a group, Tab between groups).
 */
export function LayoutSettingsDrawer({
  opened,
  onClose,
  value,
  onChange,
}: {
  opened: boolean;
  onClose: () => void;
  value: LayoutSettings;
  onChange: (next: LayoutSettings) => void;
}) {
  const { t } = useTranslation('layout');
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('title')} data-testid="layout-drawer">
      <Stack>
        {SETTINGS.map((setting) => (
          <Radio.Group
            key={setting}
            label={t(`${setting}.label`)}
            value={value[setting]}
            onChange={(option) => onChange({ ...value, [setting]: option } as LayoutSettings)}
            description={setting === 'layout' ? t('layout.hint') : undefined}
          >
            <Group mt="xs">
              {layoutSettingsSchema.shape[setting].options.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={t(`${setting}.${option}` as never)}
                  data-testid={`layout-${setting}-${option}`}
                />
              ))}
            </Group>
          </Radio.Group>
        ))}
      </Stack>
    </Drawer>
  );
}

import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useImageUpload } from '../../../components/forms/use-image-upload.ts';

/** Uploads at once (re-encoded by the server); the form keeps the URL until Save. */
export function AvatarInput({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string | null;
  onChange: (url: string | null) => void;
}) {
  const { t } = useTranslation('account');
  const { busy, error, choose } = useImageUpload(onChange, t('profile.avatarTooBig'));
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm" id="avatar-label">
        {t('profile.avatar')}
      </Text>
      <Group>
        <Avatar src={value} name={name} color="initials" size="lg" alt={t('profile.avatarOf', { name })} />
        <FileButton onChange={(f) => void choose(f)} accept="image/jpeg,image/png,image/webp">
          {(props) => (
            <Button {...props} variant="default" loading={busy} leftSection={<IconPhotoUp size={16} />}>
              {value ? t('profile.changeAvatar') : t('profile.uploadAvatar')}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onChange(null)}
          >
            {t('profile.removeAvatar')}
          </Button>
        )}
      </Group>
      <FormError inline>{error}</FormError>
    </Stack>
  );
}

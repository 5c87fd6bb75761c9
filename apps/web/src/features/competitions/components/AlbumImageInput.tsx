import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/forms/FormError.tsx';
import { useImageUpload } from '../../../components/forms/use-image-upload.ts';

/** Uploads right away; the form keeps the URL the server answered. A new upload replaces it. */
export function AlbumImageInput({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('competitions');
  const { busy, error, choose } = useImageUpload(onChange, t('imageTooBig'));
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        {t('fields.image')}
      </Text>
      <Group>
        {value && <Image src={value} alt={t('fields.image')} w={96} h={96} radius="sm" fit="cover" />}
        <FileButton onChange={(f) => void choose(f)} accept="image/jpeg,image/png,image/webp">
          {(props) => (
            <Button {...props} variant="default" loading={busy} leftSection={<IconPhotoUp size={16} />}>
              {t('uploadImage')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('imageHint')}
        </Text>
      </Group>
      <FormError inline>{error}</FormError>
    </Stack>
  );
}

import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGE_BYTES, images } from '@preffy/api';
import { ApiError, describeError, upload as uploadFile } from '../../../lib/api/client.ts';
import { FormError } from '../../../components/forms/FormError.tsx';

/** Uploads right away; the form keeps the URL the server answered. A new upload replaces it. */
export function AlbumImageInput({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('competitions');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_IMAGE_BYTES) return setError(t('imageTooBig'));
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      onChange((await uploadFile(images.upload, form)).url);
    } catch (e) {
      setError(
        e instanceof ApiError && e.body.fieldErrors?.file ? e.fieldErrors().file! : describeError(e).message,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        {t('fields.image')}
      </Text>
      <Group>
        {value && <Image src={value} alt={t('fields.image')} w={96} h={96} radius="sm" fit="cover" />}
        <FileButton onChange={(f) => void upload(f)} accept="image/jpeg,image/png,image/webp">
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

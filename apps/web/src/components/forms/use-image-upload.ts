import { MAX_IMAGE_BYTES, images } from '@preffy/api';
import { useState } from 'react';
import { ApiError, describeError, upload } from '../../lib/api/client.ts';

/**
 * Uploads a picked image at once (the server re-encodes it) and hands its URL on; a file over
 * the size limit is refused before it is sent, with `tooBig` as the message.
 */
export function useImageUpload(onUploaded: (url: string) => void, tooBig: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_IMAGE_BYTES) return setError(tooBig);
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      onUploaded((await upload(images.upload, form)).url);
    } catch (e) {
      setError(
        e instanceof ApiError && e.body.fieldErrors?.file ? e.fieldErrors().file! : describeError(e).message,
      );
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, choose };
}

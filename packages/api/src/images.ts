import { z } from 'zod';
import { endpointsOf } from './endpoint.ts';

/** Album images: at most this many bytes (the browser checks before it uploads). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Per signed-in user (decision 0016). */
export const UPLOADS_PER_HOUR = 60;

export const images = {
  upload: endpointsOf(['images']).signedIn.post('/api/images', {
    summary: `Upload an album image (multipart/form-data, one file in the field "file"; JPEG, PNG or WebP, at most 5 MB and 40 megapixels, ${UPLOADS_PER_HOUR} per hour); it is re-encoded without metadata; answers its URL`,
    // The server reads the one file itself, so the form is documented rather than validated.
    multipart: z.object({ file: z.file() }),
    responses: { 201: z.object({ url: z.string() }) },
  }),
};

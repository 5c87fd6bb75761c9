/** An uploaded image kept in the database (migration 0030, decision 0118); written once. */
export interface StoredImagesTable {
  /** The storage key, `images/<name>`, as on disk and in the bucket. */
  key: string;
  contentType: string;
  /** Of `bytes`, in hex: checked again when the image is copied to S3. */
  sha256: string;
  size: number;
  bytes: Buffer;
  createdAt: number;
}

declare module '../../db/schema.ts' {
  interface DB {
    storedImages: StoredImagesTable;
  }
}

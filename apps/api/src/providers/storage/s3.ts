import type { S3Client } from '@aws-sdk/client-s3';
import { onDemand } from '../../lib/on-demand.ts';
import { assertStorageKey, type StorageProvider } from './interface.ts';

export interface S3Options {
  bucket: string;
  region?: string | undefined;
  /** An S3-compatible endpoint (MinIO, R2); AWS when absent. */
  endpoint?: string | undefined;
  /** Key prefix inside the bucket. */
  prefix?: string | undefined;
}

/** The AWS SDK's S3 client (~1 MB of code): loaded on the first storage call, not at start (decision 006). */
const s3Sdk = onDemand(() => import('@aws-sdk/client-s3'));

/** S3 (credentials from the SDK's usual chain: environment, profile, instance role). */
export function s3Storage(options: S3Options): StorageProvider {
  let made: S3Client | undefined;
  /** The SDK and the one client, made on the first call. */
  async function sdk() {
    const s3 = await s3Sdk();
    made ??= new s3.S3Client({
      ...(options.region ? { region: options.region } : {}),
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    });
    return { s3, client: made };
  }
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${options.prefix ?? ''}${key}`;
  };
  return {
    name: 's3',
    async put(key, body, contentType) {
      const { s3, client } = await sdk();
      await client.send(
        new s3.PutObjectCommand({ Bucket: options.bucket, Key: objectKey(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      const { s3, client } = await sdk();
      try {
        const out = await client.send(new s3.GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
        const bytes = await out.Body?.transformToByteArray();
        if (!bytes) return null;
        return { body: Buffer.from(bytes), contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof s3.NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      const { s3, client } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }));
    },
  };
}

// Uploaded files (CVs, dealer invoices), DESIGN.md section 5: a local folder by default (DATA_DIR/uploads), S3 when
// S3_BUCKET is set. Keys are made by the caller (e.g. `cv/<uuid>`); never a user-supplied file name.

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface StorageProvider {
  readonly name: 'local' | 's3' | 'memory';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** Keys are paths of safe segments: letters, digits, `-`, `_`, `.` (not leading), separated by `/`. */
export function assertStorageKey(key: string): void {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/.test(key) || key.length > 200) {
    throw new Error(`bad storage key: ${key}`);
  }
}

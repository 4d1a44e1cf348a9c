import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import { S3AudioStore } from './s3-store.js';

/** Where cached audio files live: keys look like `<hash>/<file>`. */
export interface AudioStore {
  readonly kind: 'disk' | 's3';
  /** The object's bytes, or null when it does not exist. */
  read(key: string): Promise<Buffer | null>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Deletes the object; deleting a missing object is not an error. */
  remove(key: string): Promise<void>;
  /**
   * The top-level groups (`<hash>/…`) already stored, with their total size and last change, so a
   * size bound counts what an earlier run left. Stores that cannot list cheaply leave it out.
   */
  groups?(): Promise<{ name: string; bytes: number; changedMs: number }[]>;
}

/** Files under one directory; each file is written to a temporary name and renamed, so readers never see half a file. */
export class DiskAudioStore implements AudioStore {
  readonly kind = 'disk' as const;
  constructor(readonly root: string) {}

  private file(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`audio key escapes the store: ${key}`);
    return file;
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async groups(): Promise<{ name: string; bytes: number; changedMs: number }[]> {
    let names: string[];
    try {
      names = await readdir(this.root);
    } catch {
      return [];
    }
    const found = [];
    for (const name of names) {
      const dir = path.join(this.root, name);
      const info = await stat(dir).catch(() => null);
      if (!info?.isDirectory()) continue;
      let bytes = 0;
      let changedMs = 0;
      for (const file of await readdir(dir).catch((): string[] => [])) {
        const f = await stat(path.join(dir, file)).catch(() => null);
        if (!f) continue;
        bytes += f.size;
        changedMs = Math.max(changedMs, f.mtimeMs);
      }
      found.push({ name, bytes, changedMs });
    }
    return found;
  }

  async write(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, body);
      await rename(temp, file);
    } finally {
      await rm(temp, { force: true });
    }
  }
}

/**
 * A configured store under `folder` (e.g. `audio`, `uploads/answers`): the S3-compatible bucket with
 * the prefix `folder/` when all S3_* settings are given, else `<dataDir>/folder` on local disk.
 */
export function createStore(config: Config, folder: string): AudioStore {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = config;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return new S3AudioStore({
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      region: S3_REGION,
      prefix: `${folder}/`,
    });
  }
  return new DiskAudioStore(path.join(config.dataDir, ...folder.split('/')));
}

/** The audio cache's store: S3 under `audio/`, else `<dataDir>/audio`. */
export function createAudioStore(config: Config): AudioStore {
  return createStore(config, 'audio');
}

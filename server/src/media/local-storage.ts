import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, ListedObject, Storage, StoredObject } from './storage';

const LIST_PAGE_SIZE = 1000;

/** Files under one folder; each write goes to a temporary name and is renamed when complete. */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const target = this.resolve(key);
    const temp = `${target}.${randomUUID()}.partial`;
    try {
      if (Buffer.isBuffer(body)) {
        // A photo: one write, without a stream around it. Its folder is there but for the first
        // file of its kind, so it is made only when the write finds it missing.
        await writeFile(temp, body, { flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(temp, body, { flag: 'wx' });
        });
      } else {
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.resolve(key);
    const size = await this.size(key);
    if (size === null) return null;
    return { stream: createReadStream(file, range ? { start: range.start, end: range.end } : {}), size };
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.resolve(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async *list(prefix: string): AsyncIterable<ListedObject[]> {
    // The folder holding the prefix: `photos/` lists photos/, `photos/ab` lists photos/ and filters.
    const folder = prefix.endsWith('/') || prefix === '' ? prefix : path.posix.dirname(prefix) + '/';
    const start = folder === '' || folder === './' ? path.resolve(this.root) : this.resolve(folder);
    let names: string[];
    try {
      names = await readdir(start, { recursive: true, encoding: 'utf8' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    let page: ListedObject[] = [];
    for (const name of names.sort()) {
      const key = path.relative(path.resolve(this.root), path.join(start, name)).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      let info;
      try {
        info = await stat(path.join(start, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted meanwhile
        throw error;
      }
      if (!info.isFile()) continue;
      page.push({ key, modifiedAt: info.mtime });
      if (page.length === LIST_PAGE_SIZE) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  describe(): string {
    return `local disk (${this.root})`;
  }
}

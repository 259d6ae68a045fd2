import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { badRequest } from './errors';

// The server only reads an upload's size: libvips' operation cache (up to 50 MB) and a thread
// per core would hold memory for nothing.
sharp.cache(false);
sharp.concurrency(1);

const ALLOWED = new Set(['jpg', 'png', 'webp', 'gif']);
export const UPLOADS_URL_PREFIX = '/uploads/';

export interface StoredImage {
  /** The path the API returns and the panel shows: `/uploads/ab/<sha256>.png`. */
  url: string;
  /** True when this call wrote the file (so a failed insert may remove it again). */
  created: boolean;
  file: string;
}

/**
 * Keeps an uploaded image under `<dataDir>/uploads`, named by the hash of its bytes. The type is
 * read from the bytes and the image must decode; the file appears whole or not at all (temp
 * file, then rename).
 */
export async function storeImage(dataDir: string, bytes: Buffer): Promise<StoredImage> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ALLOWED.has(type.ext)) {
    throw badRequest('The image must be a JPEG, PNG, WebP or GIF file.');
  }
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
  } catch {
    throw badRequest('The image file is damaged or incomplete. Please choose another one.');
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  const relative = `${hash.slice(0, 2)}/${hash}.${type.ext}`;
  const file = path.join(dataDir, 'uploads', relative);
  const url = UPLOADS_URL_PREFIX + relative;
  if (await exists(file)) return { url, created: false, file };
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return { url, created: true, file };
}

/** Stores the image, runs `write` with its URL, and removes a newly stored file if `write` fails. */
export async function withStoredImage<T>(
  dataDir: string,
  bytes: Buffer | undefined,
  write: (url: string | undefined) => Promise<T>,
): Promise<T> {
  const stored = bytes ? await storeImage(dataDir, bytes) : undefined;
  try {
    return await write(stored?.url);
  } catch (err) {
    if (stored?.created) await rm(stored.file, { force: true });
    throw err;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from './errors';
import { loadSharp } from './sharp';
import { IMAGE_TYPES, type ImageExt, type PutResult, type UploadStore } from './uploadStore';

export { UPLOADS_URL_PREFIX } from './uploadStore';

const isImageExt = (ext: string): ext is ImageExt => Object.hasOwn(IMAGE_TYPES, ext);

export type StoredImage = PutResult;

/**
 * Keeps an uploaded image in the upload store (server/lib/uploadStore.ts), named by the hash of
 * its bytes. The type is read from the bytes and the image must decode.
 */
export async function storeImage(uploads: UploadStore, bytes: Buffer): Promise<StoredImage> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !isImageExt(type.ext)) {
    throw badRequest('The image must be a JPEG, PNG, WebP or GIF file.');
  }
  try {
    const sharp = await loadSharp();
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
  } catch {
    throw badRequest('The image file is damaged or incomplete. Please choose another one.');
  }
  return uploads.put(bytes, type.ext);
}

/** Stores the image, runs `write` with its URL, and removes a newly stored image if `write` fails. */
export async function withStoredImage<T>(
  uploads: UploadStore,
  bytes: Buffer | undefined,
  write: (url: string | undefined) => Promise<T>,
): Promise<T> {
  const stored = bytes ? await storeImage(uploads, bytes) : undefined;
  try {
    return await write(stored?.url);
  } catch (err) {
    if (stored?.created) await uploads.remove(stored.url);
    throw err;
  }
}

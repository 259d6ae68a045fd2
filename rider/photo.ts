/** The longest side of a proof photo as uploaded: enough to read a door number, small to send. */
export const PROOF_MAX_SIDE = 1600;

/** The size that fits `width` × `height` within `max` on its longest side, never enlarged. */
export function fitWithin(width: number, height: number, max: number) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

async function decode(file: Blob): Promise<CanvasImageSource & { width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    return createImageBitmap(file, { imageOrientation: 'from-image' });
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * A camera photo (often 4000 px, 3-6 MB) redrawn as a JPEG of at most PROOF_MAX_SIDE px (a few
 * hundred kB), so that it waits in the queue and goes over a weak connection at that size.
 */
export async function downscalePhoto(file: Blob, quality = 0.8): Promise<Blob> {
  const image = await decode(file);
  const { width, height } = fitWithin(image.width, image.height, PROOF_MAX_SIDE);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(image, 0, 0, width, height);
  if ('close' in image) image.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))),
      'image/jpeg',
      quality,
    ),
  );
}

import type { Sharp, SharpOptions } from 'sharp';

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips), loaded on first use: importing it maps libvips and costs the process about
 * 28 MB of memory, which a server that never receives an image (or a database seeded long ago)
 * need not carry. The server only reads an upload's size and the seed draws a few pictures, so
 * libvips' operation cache (up to 50 MB) and a thread per core would hold memory for nothing.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

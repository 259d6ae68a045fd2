import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';

/** An error whose message is meant for the operator running the command; exit code 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** An entry of the archive being read: its header and a stream of its bytes. */
type Entry = tar.ExtractEvents['entry'][1];

export const BACKUP_FORMAT = 'home-services-admin-backup';
export const MANIFEST_NAME = 'manifest.json';

/**
 * A file of the archive: `database/<dump>` or `uploads/<path under DATA_DIR/uploads>`, with no
 * segment that could lead out of the folder it is unpacked into.
 */
const safeSegment = (s: string) =>
  s !== '' && s !== '.' && s !== '..' && ![...s].some((c) => c === '\\' || c < ' ');

const archivePath = z
  .string()
  .refine(
    (p) => /^(database|uploads)\//.test(p) && p.split('/').every(safeSegment),
    'not a path of a backup',
  );

const fileEntry = z.object({
  path: archivePath,
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    version: z.literal(1),
    createdAt: z.string(),
    database: z.object({
      kind: z.enum(['pglite', 'postgres']),
      /** The entry holding the dump. */
      file: archivePath,
      /** Migrations applied in the database when it was dumped. */
      migrations: z.number().int().nonnegative(),
      /** `SHOW server_version` of the database that was dumped. */
      serverVersion: z.string(),
      /** What made the dump: `pg_dump --version`, or PGlite's dumpDataDir. */
      dumpedWith: z.string(),
    }),
    uploads: z.object({ files: z.number().int().nonnegative(), bytes: z.number().nonnegative() }),
    /** Every entry after the manifest, in the archive's order. */
    files: z.array(fileEntry),
  })
  .refine(
    (m) => m.files.some((f) => f.path === m.database.file),
    'the database dump is not listed',
  );

export type BackupManifest = z.infer<typeof manifestSchema>;
export type ArchiveFile = z.infer<typeof fileEntry>;

/** A file on disk to put into the archive under `path`. */
export interface ArchiveSource extends ArchiveFile {
  file: string;
}

/** Size and SHA-256 of a file, read as a stream. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Writes the archive: a plain tar (the dumps and images are compressed already) with the
 * manifest first, then each source streamed from disk and checked against the size and hash
 * the manifest lists. Written to `<out>.partial`, synced and renamed, so `out` is whole or absent.
 */
export async function writeArchive(
  out: string,
  manifest: BackupManifest,
  sources: ArchiveSource[],
): Promise<void> {
  const partial = `${out}.partial`;
  try {
    const pack = tar.pack();
    const output = createWriteStream(partial);
    let failure: unknown;
    const fail = (err: unknown) => {
      failure ??= err;
      pack.destroy();
      output.destroy();
    };
    const written = finished(output);
    pack.on('error', fail);
    pack.pipe(output);
    const mtime = new Date(manifest.createdAt);
    const json = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    pack.entry({ name: MANIFEST_NAME, size: json.length, mtime, mode: 0o644 }, json);
    void (async () => {
      for (const source of sources) await addFile(pack, source, mtime);
      pack.finalize();
    })().catch(fail);
    await written.catch((err: unknown) => fail(err));
    if (failure) throw failure;
    // On disk before it takes the final name.
    const handle = await open(partial, 'r+');
    await handle.sync().finally(() => handle.close());
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  await rename(partial, out);
}

function addFile(pack: tar.Pack, source: ArchiveSource, mtime: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const input: ReadStream = createReadStream(source.file);
    const entry = pack.entry(
      { name: source.path, size: source.size, mtime, mode: 0o644 },
      (err) => {
        if (err) return reject(changedWhileWriting(source, err));
        if (hash.digest('hex') !== source.sha256) return reject(changedWhileWriting(source));
        resolve();
      },
    );
    input.on('data', (chunk) => hash.update(chunk));
    input.on('error', (err) => {
      entry.destroy(err);
      reject(changedWhileWriting(source, err));
    });
    input.pipe(entry);
  });
}

const changedWhileWriting = (source: ArchiveSource, cause?: Error) =>
  new BackupError(
    `${source.file} changed while the backup was being written` +
      `${cause ? ` (${cause.message})` : ''}. Run the backup again.`,
  );

const DAMAGED = 'Use another copy of the backup.';

const damaged = (file: string, err: unknown) =>
  err instanceof BackupError
    ? err
    : new BackupError(`${file} is damaged or incomplete (${(err as Error).message}). ${DAMAGED}`);

/** The archive's entries in order, its manifest first; a gzipped archive is read as well. */
async function* entries(file: string): AsyncGenerator<Entry> {
  const head = await open(file, 'r').then(async (h) => {
    const { buffer, bytesRead } = await h.read(Buffer.alloc(2), 0, 2, 0);
    await h.close();
    return buffer.subarray(0, bytesRead);
  });
  const input: Readable = createReadStream(file);
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const bytes = gzipped ? input.pipe(createGunzip()) : input;
  if (gzipped) input.on('error', (err) => bytes.destroy(err));
  const extract = tar.extract();
  bytes.on('error', (err) => extract.destroy(err));
  bytes.pipe(extract);
  let read = 0;
  try {
    for await (const entry of extract) {
      read += 1;
      yield entry;
    }
  } catch (err) {
    if (read === 0 && !(err instanceof BackupError)) {
      throw notABackup(file, 'it is not a tar archive');
    }
    throw damaged(file, err);
  } finally {
    input.destroy();
    extract.destroy();
  }
}

const notABackup = (file: string, why: string) =>
  new BackupError(
    `${file} is not a backup made by \`npm run backup\` (${why}). Check the file name.`,
  );

async function readAll(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Manifests hold about 150 bytes per file: room for over a million uploads. */
const MANIFEST_LIMIT = 256 * 1024 * 1024;

async function parseManifest(file: string, entry: Entry | undefined) {
  if (!entry || entry.header.name !== MANIFEST_NAME || entry.header.type !== 'file') {
    throw notABackup(file, `it does not start with ${MANIFEST_NAME}`);
  }
  const bytes = await readAll(entry as AsyncIterable<Buffer>, MANIFEST_LIMIT).catch(
    (err: unknown) => {
      throw damaged(file, err);
    },
  );
  if (!bytes) throw notABackup(file, `its ${MANIFEST_NAME} is too large`);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError(`The ${MANIFEST_NAME} of ${file} is damaged. ${DAMAGED}`);
  }
  const format = (json as { format?: unknown; version?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) throw notABackup(file, 'its manifest is of another kind');
  if (format.version !== 1) {
    throw new BackupError(
      `${file} is a backup of version ${String(format.version)}, which this version of the ` +
        'app cannot read: restore it with the version that made it.',
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupError(
      `The ${MANIFEST_NAME} of ${file} is damaged (${parsed.error.issues[0]?.message}). ${DAMAGED}`,
    );
  }
  return parsed.data;
}

/** The manifest alone, read from the start of the archive (a wrong file is refused at once). */
export async function readManifest(file: string): Promise<BackupManifest> {
  const iterator = entries(file);
  try {
    const first = await iterator.next();
    return await parseManifest(file, first.done ? undefined : first.value);
  } finally {
    await iterator.return(undefined);
  }
}

/**
 * Unpacks the archive into `dir` (which must be empty), checking every entry against the
 * manifest's size and SHA-256, and that none is missing or extra. Nothing outside `dir` is
 * written, whatever names the archive holds.
 */
export async function extractArchive(file: string, dir: string): Promise<BackupManifest> {
  const iterator = entries(file);
  let manifest: BackupManifest | undefined;
  const expected = new Map<string, ArchiveFile>();
  try {
    for await (const entry of iterator) {
      if (!manifest) {
        manifest = await parseManifest(file, entry);
        for (const f of manifest.files) expected.set(f.path, f);
        continue;
      }
      const name = entry.header.name;
      const listed = expected.get(name);
      if (!listed || entry.header.type !== 'file') {
        throw new BackupError(
          `${file} holds ${name}, which its manifest does not list. ${DAMAGED}`,
        );
      }
      expected.delete(name);
      const target = path.join(dir, ...name.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      const { size, sha256 } = await writeEntry(file, entry, target);
      if (size !== listed.size || sha256 !== listed.sha256) {
        throw new BackupError(
          `${file} is damaged: ${name} does not match the checksum in its manifest. ${DAMAGED}`,
        );
      }
    }
  } finally {
    await iterator.return(undefined);
  }
  if (!manifest) throw notABackup(file, 'it holds no files');
  if (expected.size > 0) {
    const [first] = expected.keys();
    throw new BackupError(
      `${file} is incomplete: ${expected.size} of the files its manifest lists are missing ` +
        `(${first}). ${DAMAGED}`,
    );
  }
  return manifest;
}

/** Writes one entry to `target`; a read that fails is a damaged archive, a write is not. */
async function writeEntry(file: string, entry: Entry, target: string) {
  const hash = createHash('sha256');
  let size = 0;
  const chunks = (entry as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const handle = await open(target, 'wx');
  try {
    for (;;) {
      const next = await chunks.next().catch((err: unknown) => {
        throw damaged(file, err);
      });
      if (next.done) break;
      hash.update(next.value);
      size += next.value.length;
      await handle.write(next.value);
    }
  } finally {
    await handle.close();
  }
  return { size, sha256: hash.digest('hex') };
}

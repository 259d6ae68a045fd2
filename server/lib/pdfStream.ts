import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A PDF of many documents (invoices, statements) being written: they go in by batches, the PDF
 * comes out as a stream. pdfkit pushes its bytes whether or not anyone reads them, so `add` waits
 * on the reader through `_read`, which a stream calls when its reader wants more.
 */
export interface PdfStreamWriter<Item> {
  /** The PDF bytes as they are written: pipe it to the reply. */
  readonly pdf: Readable;
  /**
   * Lays out items, each from a new page. Resolves once their pages are out of the way: it waits
   * while whoever reads `pdf` is behind, and stops early when `pdf` is destroyed.
   */
  add(items: readonly Item[]): Promise<void>;
  /** Ends the PDF (`onEnd` first: a page saying there was nothing, pages still buffered). */
  end(): void;
  /** True once `pdf` was destroyed (the client went away): stop reading items. */
  readonly closed: boolean;
  readonly written: number;
}

/** How far the reader may fall behind before `add` waits (a document page is 5-10 KB). */
const BEHIND_LIMIT = 256 * 1024;
/** Documents laid out between two pauses that let other requests in. */
const YIELD_EVERY = 20;

/**
 * pdfkit's own fields this writer reaches into: its page tree keeps every page's dictionary (with
 * its resources and content objects) until the end, to write `Kids`. Only `id gen R` is written
 * from them then, so the pages already out are let go as each document is laid out: without it a
 * batch of 50 000 statements grew the heap by some 130 MB.
 */
interface PdfPageTree {
  _pageBufferStart: number;
  _root: { data: { Pages: { data: { Kids: PageRef[] } } } };
}
interface PageRef {
  id: number;
  gen: number;
}

/** Empties the dictionaries of pages `from`.. that pdfkit has written out; answers the next `from`. */
function letGoOfWrittenPages(doc: PDFKit.PDFDocument, from: number): number {
  const tree = doc as unknown as PdfPageTree;
  const kids = tree._root.data.Pages.data.Kids;
  const upTo = tree._pageBufferStart;
  for (let i = from; i < upTo; i++) {
    // The same kind of object (pdfkit writes it as a reference), holding only what it writes.
    const ref = kids[i];
    kids[i] = Object.assign(Object.create(Object.getPrototypeOf(ref) as object) as PageRef, {
      id: ref.id,
      gen: ref.gen,
    });
  }
  return upTo;
}

export function createPdfStreamWriter<Item>(
  doc: PDFKit.PDFDocument,
  draw: (item: Item) => void,
  onEnd: (written: number) => void,
): PdfStreamWriter<Item> {
  let wake: (() => void) | undefined;
  const resume = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  doc._read = resume;
  doc.once('close', resume);
  const caughtUp = () =>
    doc.destroyed || doc.readableLength <= BEHIND_LIMIT
      ? Promise.resolve()
      : new Promise<void>((resolve) => (wake = resolve));

  let written = 0;
  let pagesLetGo = 0;
  return {
    pdf: doc,
    get closed() {
      return doc.destroyed;
    },
    get written() {
      return written;
    },
    async add(items) {
      for (const item of items) {
        if (doc.destroyed) return;
        draw(item);
        written += 1;
        pagesLetGo = letGoOfWrittenPages(doc, pagesLetGo);
        if (written % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        await caughtUp();
      }
    },
    end() {
      if (doc.destroyed) return;
      onEnd(written);
      doc.end();
    },
  };
}

/**
 * Lays out the batches as they are read, while Fastify pipes the PDF to the client. Once the
 * answer has started its status cannot change: a client that goes away stops the reading; a
 * failed query is logged and the connection closed, so the download visibly fails. `what` names
 * the documents in the log ('invoices', 'statements').
 */
export async function writePdfBatches<Item>(
  writer: PdfStreamWriter<Item>,
  first: Item[],
  batches: AsyncGenerator<Item[]>,
  log: FastifyBaseLogger,
  what: string,
) {
  try {
    await writer.add(first);
    while (!writer.closed) {
      const next = await batches.next();
      if (next.done) break;
      await writer.add(next.value);
    }
    if (writer.closed) {
      log.info({ [what]: writer.written }, `${what}: the client went away, reading stopped`);
    } else {
      writer.end();
    }
  } catch (err) {
    log.error({ err, [what]: writer.written }, `${what} failed part way; the download was cut`);
    writer.pdf.destroy();
  } finally {
    await batches.return(undefined).catch(() => {});
  }
}

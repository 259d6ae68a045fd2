import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import { HttpError } from './errors';

/**
 * Laying out a long PDF (a job sheet, a run sheet, a range of tax invoices) is CPU work on the
 * server's one thread and holds pdfkit's objects while it runs: twenty whole job sheets at once
 * took the server past 1 GB, twenty invoice ranges added 260 MB (docs/performance.md). One set of
 * turns per server, shared by every such download, keeps that bounded: a few are laid out at a
 * time, further ones wait for a turn, and beyond `waiting` the call answers 503.
 */
export interface PdfTurns {
  /**
   * Waits for a turn; resolves to the function that ends it (call it once the PDF is written or
   * abandoned). Throws a 503 with `busy` when too many downloads are already waiting.
   */
  take(log: FastifyBaseLogger, what: string, busy: string): Promise<() => void>;
}

/** PDFs laid out at once per server. */
export const PDFS_AT_ONCE = 2;
/** Downloads that may wait for a turn; beyond them 503. */
export const PDFS_WAITING = 20;

export function createPdfTurns(opts: { atOnce?: number; waiting?: number } = {}): PdfTurns {
  const turns = pLimit(opts.atOnce ?? PDFS_AT_ONCE);
  const mostWaiting = opts.waiting ?? PDFS_WAITING;
  return {
    take(log, what, busy) {
      if (turns.activeCount >= turns.concurrency) {
        if (turns.pendingCount >= mostWaiting) throw new HttpError(503, busy);
        log.info({ waiting: turns.pendingCount + 1 }, `${what}: waiting for a turn`);
      }
      return new Promise((granted) => {
        void turns(() => new Promise<void>((endTurn) => granted(endTurn)));
      });
    },
  };
}

import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { HttpError } from '@server/lib/errors';
import { createPdfTurns } from '@server/lib/pdfTurns';

const log = pino({ level: 'silent' });
const BUSY = 'Many PDFs are being prepared right now. Please try again in a minute.';

/**
 * Whether a promise has settled once every reaction already queued has run: a turn is handed on
 * in promise reactions, which all run before the next turn of the event loop (setImmediate), so
 * this is not a guess at a delay.
 */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the server’s turns for long PDFs', () => {
  it('lays out a bounded number at once, lets the next wait, refuses beyond the waiting room', async () => {
    const turns = createPdfTurns({ atOnce: 2, waiting: 1 });
    const first = await turns.take(log, 'job sheet', BUSY);
    const second = await turns.take(log, 'invoices', BUSY);
    const third = turns.take(log, 'run sheet', BUSY);
    expect(await settled(third)).toBe(false);

    // Two laid out, one waiting: the next is refused with the message a person can act on.
    let refused: unknown;
    try {
      await turns.take(log, 'job sheet', BUSY);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, message: BUSY });

    // Ending one turn gives it to the one waiting, whatever kind of PDF either is.
    first();
    const endThird = await third;
    second();
    endThird();
    // The turns are given back in promise reactions, all run before the next turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    // All free again: two more start at once.
    const again = [turns.take(log, 'invoices', BUSY), turns.take(log, 'invoices', BUSY)];
    expect(await settled(Promise.all(again))).toBe(true);
  });
});

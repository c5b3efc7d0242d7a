import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { describePdf, type PdfDocument } from './pdf-document';
import { createPdfExports } from './pdf-exports';
import { createPdfRenderer, PdfRendererBusyError, type PdfRenderer } from './pdf-renderer';

/**
 * Issue 24 N5: a PDF used to be laid out on the event loop (4-10 s stalls for everyone), as many
 * at once as a person asked for, at any size.
 */

const small = (text = 'Hello') => describePdf('Small', (doc) => doc.text(text));

/** A renderer that answers when told to, so tests can hold an export "in progress". */
function heldRenderer() {
  const pending: (() => void)[] = [];
  const renderer: PdfRenderer = {
    render: () =>
      new Promise<Buffer>((resolve) => pending.push(() => resolve(Buffer.from('%PDF')))),
    running: () => pending.length,
  };
  return { renderer, release: () => pending.splice(0).forEach((go) => go()) };
}

const codeOf = (error: unknown) =>
  error instanceof AppError ? [error.statusCode, error.options.code] : error;

describe('PDF exports', () => {
  it('refuses a second export by the same person while the first is prepared, not another person', async () => {
    const { renderer, release } = heldRenderer();
    let reads = 0;
    const pdfs = createPdfExports({ renderer, consume: () => Promise.resolve() });
    const describeIt = () => {
      reads += 1;
      return Promise.resolve(small());
    };
    const first = pdfs.render('ada', describeIt);
    const second = pdfs.render('ada', describeIt).catch(codeOf);
    const other = pdfs.render('bob', describeIt);
    expect(await second).toEqual([429, 'EXPORT_IN_PROGRESS']);
    // Refused before reading anything: the flood costs no database work.
    expect(reads).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await expect(first).resolves.toBeInstanceOf(Buffer);
    await expect(other).resolves.toBeInstanceOf(Buffer);
    // Done: the person may ask again.
    const again = pdfs.render('ada', describeIt);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await expect(again).resolves.toBeInstanceOf(Buffer);
  });

  it('refuses a document over the cap before laying it out, and frees the turn', async () => {
    const { renderer, release } = heldRenderer();
    const pdfs = createPdfExports({
      renderer,
      consume: () => Promise.resolve(),
      maxTextBytes: 100,
    });
    const big = () => Promise.resolve(small('x'.repeat(200)));
    expect(await pdfs.render('ada', big).catch(codeOf)).toEqual([422, 'EXPORT_TOO_LARGE']);
    expect(renderer.running()).toBe(0);
    const ok = pdfs.render('ada', () => Promise.resolve(small()));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await expect(ok).resolves.toBeInstanceOf(Buffer);
  });

  it('counts each export against the rate, and says when the instance is busy', async () => {
    const limited = createPdfExports({
      renderer: heldRenderer().renderer,
      consume: () => Promise.reject(new AppError(429, 'slow', { code: 'RATE_LIMITED' })),
    });
    expect(await limited.render('ada', () => Promise.resolve(small())).catch(codeOf)).toEqual([
      429,
      'RATE_LIMITED',
    ]);
    const busy = createPdfExports({
      renderer: { render: () => Promise.reject(new PdfRendererBusyError()), running: () => 0 },
      consume: () => Promise.resolve(),
    });
    expect(await busy.render('ada', () => Promise.resolve(small())).catch(codeOf)).toEqual([
      503,
      'EXPORT_UNAVAILABLE',
    ]);
  });
});

describe('the PDF renderer', () => {
  const renderer = createPdfRenderer({
    maxRunning: 1,
    maxWaiting: 1,
    timeoutMs: 60_000,
    maxHeapMb: 256,
  });

  /** About a megabyte of text: a second or more of pdfkit layout. */
  function long(): PdfDocument {
    const paragraph = 'The day began slowly and the light was grey over the river. '.repeat(160);
    return describePdf('Long', (doc, { regular, bold }) => {
      for (let i = 0; i < 100; i++) {
        doc.font(bold).fontSize(16).text(`Entry ${i}`);
        doc.font(regular).fontSize(12).text(paragraph, { lineGap: 4 });
      }
    });
  }

  it('lays the document out in a worker thread: the event loop keeps turning meanwhile', async () => {
    const document = long();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const bytes = await renderer.render(document);
    const took = performance.now() - started;
    delay.disable();
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(100_000);
    // On the event loop the longest stall was the whole layout; in a worker it is a small part.
    expect(delay.max / 1e6).toBeLessThan(took / 4);
  }, 60_000);

  it('holds documents past its running cap in line, and refuses past the line', async () => {
    const results = await Promise.allSettled([
      renderer.render(small('one')),
      renderer.render(small('two')),
      renderer.render(small('three')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(PdfRendererBusyError);
    expect(renderer.running()).toBe(0);
  }, 60_000);
});

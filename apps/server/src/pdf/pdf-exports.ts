import { AppError } from '../http/errors';
import type { PdfDocument } from './pdf-document';
import { PdfRenderFailedError, PdfRendererBusyError, type PdfRenderer } from './pdf-renderer';

/**
 * The rules every PDF a person asks for goes through (journal export, care report): one at a
 * time per person (a second while the first is prepared: 429 EXPORT_IN_PROGRESS, before any
 * data is read), a rate (`consume`, the shared rate limits), and a size cap (422
 * EXPORT_TOO_LARGE, before any layout). The layout itself runs in a worker thread.
 */

/** About 3 s of layout on one core (pdfkit lays out ≈ 0.75 MB of text a second, N5). */
export const PDF_MAX_TEXT_BYTES = 2 * 1024 * 1024;
/** Calls on the document (a heading, a line): many empty entries cost layout too. */
export const PDF_MAX_OPS = 40_000;

export type PdfExports = ReturnType<typeof createPdfExports>;

export function createPdfExports(deps: {
  renderer: PdfRenderer;
  /** Counts one export against the person's rate; throws 429 once it is spent. */
  consume: (userId: string) => Promise<void>;
  maxTextBytes?: number;
  maxOps?: number;
}) {
  const maxTextBytes = deps.maxTextBytes ?? PDF_MAX_TEXT_BYTES;
  const maxOps = deps.maxOps ?? PDF_MAX_OPS;
  const inProgress = new Set<string>();

  return {
    /**
     * Reads what the PDF holds (`describe`) and lays it out, as `userId`'s one export in
     * progress; what `describe` throws passes through.
     */
    async render(
      userId: string,
      describe: () => Promise<PdfDocument>,
      /** Bytes of text the document will hold, counted where it is cheap (the database). */
      estimateTextBytes?: () => Promise<number>,
    ): Promise<Buffer> {
      // Taken before any await, so requests arriving together cannot both pass.
      if (inProgress.has(userId))
        throw new AppError(
          429,
          'Your previous export is still being prepared. Please wait for it to finish.',
          { code: 'EXPORT_IN_PROGRESS', headers: { 'retry-after': '5' } },
        );
      inProgress.add(userId);
      try {
        await deps.consume(userId);
        const tooLarge = () =>
          new AppError(
            422,
            `This is too much for one PDF (at most ${Math.round(maxTextBytes / 1024 / 1024)} MB of text). Choose a shorter period, or export it as Markdown.`,
            { code: 'EXPORT_TOO_LARGE' },
          );
        if (estimateTextBytes && (await estimateTextBytes()) > maxTextBytes) throw tooLarge();
        const document = await describe();
        if (document.textBytes > maxTextBytes || document.ops.length > maxOps) throw tooLarge();
        return await deps.renderer.render(document);
      } catch (error) {
        if (error instanceof PdfRendererBusyError)
          throw new AppError(
            503,
            'The server is busy preparing other exports. Please try again in a minute.',
            { code: 'EXPORT_UNAVAILABLE', headers: { 'retry-after': '30' } },
          );
        // Out of time or memory in its worker: the document, not the server, is the problem.
        if (error instanceof PdfRenderFailedError)
          throw new AppError(
            503,
            'The PDF could not be prepared. Please choose a shorter period, or export it as Markdown.',
            { code: 'EXPORT_UNAVAILABLE' },
          );
        throw error;
      } finally {
        inProgress.delete(userId);
      }
    },
  };
}

/** A rate-limit rule (rate-limit.service.ts's shape): PDFs a person may ask for in a window. */
export const PDF_EXPORT_LIMIT = {
  bucket: 'pdf-export',
  max: 20,
  windowSeconds: 600,
  message: 'Too many PDF exports. Please wait a few minutes and try again.',
};

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedTranscription {
  authorization: string | undefined;
  contentType: string | undefined;
  model: string | null;
  fileBytes: number;
}

/**
 * A local HTTP server speaking OpenAI's transcription protocol, standing in for whisper.cpp or
 * OpenAI: it parses the multipart request it gets and answers what the test tells it to.
 */
export async function startSttServer(
  answer: (request: ReceivedTranscription) => { status: number; body: unknown },
) {
  const received: ReceivedTranscription[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const response = new Response(body, {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      });
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- a test double reading one small request
      const form = await response.formData();
      const file = form.get('file');
      const request: ReceivedTranscription = {
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        model: typeof form.get('model') === 'string' ? (form.get('model') as string) : null,
        fileBytes: file instanceof Blob ? file.size : 0,
      };
      received.push(request);
      if (req.url !== '/v1/audio/transcriptions' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const { status, body: out } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

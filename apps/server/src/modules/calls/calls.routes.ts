import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALL_MESSAGES,
  CallListQuerySchema,
  TranscriptSegmentFieldsSchema,
  UpdateTranscriptLineBodySchema,
} from '@kaleido/shared/calls/calls.schemas';
import { readUpload } from '../../http/read-upload';
import { signedInUserId } from '../../http/session-guard';
import type { CallConfigSource } from './call-config';
import type { CallHistory } from './call-history';
import type { CallTranscriptRecording } from './call-transcript-recording';
import type { CallTranscripts } from './call-transcripts';

const Id = z.object({ id: z.string() });
const LineId = z.object({ id: z.string(), lineId: z.string() });

/** The history, the ICE servers and transcripts; signalling goes over the socket (`call`). */
export function registerCallsRoutes(
  app: FastifyInstance,
  deps: {
    history: Pick<CallHistory, 'list' | 'get'>;
    callConfig: CallConfigSource;
    transcripts: CallTranscripts;
    recording: Pick<CallTranscriptRecording, 'checkPace' | 'admit' | 'addSegment'>;
  },
) {
  const { history, callConfig, transcripts, recording } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { auth: 'required' as const };

  // STUN/TURN credentials are for signed-in people only.
  r.get('/api/calls/config', { config: auth }, (request) =>
    callConfig.forUser(signedInUserId(request)),
  );

  r.get('/api/calls', { config: auth, schema: { querystring: CallListQuerySchema } }, (request) =>
    history.list(signedInUserId(request), request.query),
  );

  r.get('/api/calls/:id', { config: auth, schema: { params: Id } }, (request) =>
    history.get(signedInUserId(request), request.params.id),
  );

  r.get('/api/calls/:id/transcript', { config: auth, schema: { params: Id } }, (request) =>
    transcripts.get(signedInUserId(request), request.params.id),
  );

  // A recorded piece of the sender's own microphone (multipart: durationMs, then the audio).
  // Consent is checked before the file is stored: without it, nothing is kept.
  r.post(
    '/api/calls/:id/transcript/segments',
    { config: { ...auth, requires: ['audio_input'] }, schema: { params: Id } },
    async (request, reply) => {
      const userId = signedInUserId(request);
      const upload = await readUpload(request, {
        noFileMessage: CALL_MESSAGES.transcriptNoFile,
        fields: TranscriptSegmentFieldsSchema,
      });
      let admitted;
      try {
        await recording.checkPace(userId);
        admitted = await recording.admit(userId, request.params.id, upload.fields.durationMs);
      } catch (error) {
        upload.stream.resume();
        throw error;
      }
      const line = await recording.addSegment(userId, admitted, {
        durationMs: upload.fields.durationMs,
        filename: upload.filename,
        stream: upload.stream,
      });
      return reply.status(201).send(line);
    },
  );

  r.patch(
    '/api/calls/:id/transcript/lines/:lineId',
    { config: auth, schema: { params: LineId, body: UpdateTranscriptLineBodySchema } },
    (request) =>
      transcripts.editLine(
        signedInUserId(request),
        request.params.id,
        request.params.lineId,
        request.body.text,
      ),
  );
}

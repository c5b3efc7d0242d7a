import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UpdateProfileFieldBodySchema } from '@kaleido/shared/profile/profile.schemas';
import { readUpload } from '../../http/read-upload';
import { sendFile } from '../../http/send-file';
import { requireSession } from '../../http/session-guard';
import type { FilesService } from '../files/files.service';
import type { ProfileEdits } from './profile-edits';
import type { ProfileReads } from './profile-reads';

export function registerProfileRoutes(
  app: FastifyInstance,
  deps: { reads: ProfileReads; edits: ProfileEdits; files: Pick<FilesService, 'open'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reads, edits } = deps;

  r.get('/api/profile', { config: { auth: 'required' } }, async (request) => {
    const { user } = requireSession(request);
    return reads.load(user.id);
  });

  r.patch(
    '/api/profile',
    { config: { auth: 'required' }, schema: { body: UpdateProfileFieldBodySchema } },
    async (request) => {
      const { user } = requireSession(request);
      return edits.updateField(user.id, request.body.field, request.body.value);
    },
  );

  r.post('/api/profile/avatar', { config: { auth: 'required' } }, async (request) => {
    const { user } = requireSession(request);
    const upload = await readUpload(request, {
      noFileMessage: 'Please choose an image to upload.',
      fields: z.object({}),
    });
    return edits.setAvatar(user.id, upload);
  });

  r.get(
    '/api/profile/:userId',
    { config: { auth: 'required' }, schema: { params: z.object({ userId: z.uuid() }) } },
    async (request) => {
      const { user } = requireSession(request);
      return reads.readAs(user.id, request.params.userId);
    },
  );

  r.get(
    '/api/files/avatar/:fileId',
    { config: { auth: 'required' }, schema: { params: z.object({ fileId: z.uuid() }) } },
    async (request, reply) => {
      requireSession(request);
      const file = await deps.files.open(
        await edits.avatarFile(request.params.fileId),
        request.log,
      );
      return sendFile(request, reply, file);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UpdateProfileFieldBodySchema } from '@kaleido/shared/profile/profile.schemas';
import { badRequest } from '../../http/errors';
import { requireSession } from '../../http/session-guard';
import type { FilesService } from '../files/files.service';
import type { ProfileService } from './profile.service';

export function registerProfileRoutes(
  app: FastifyInstance,
  deps: { profile: ProfileService; files: Pick<FilesService, 'send'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { profile } = deps;

  r.get('/api/profile', async (request) => {
    const { user } = requireSession(request);
    return profile.load(user.id);
  });

  r.patch('/api/profile', { schema: { body: UpdateProfileFieldBodySchema } }, async (request) => {
    const { user } = requireSession(request);
    return profile.updateField(user.id, request.body.field, request.body.value);
  });

  r.post('/api/profile/avatar', async (request) => {
    const { user } = requireSession(request);
    const upload = request.isMultipart() ? await request.file() : undefined;
    if (!upload) throw badRequest('Please choose an image to upload.', undefined, 'FILE_MISSING');
    return profile.setAvatar(user.id, { filename: upload.filename, stream: upload.file });
  });

  r.get(
    '/api/profile/:userId',
    { schema: { params: z.object({ userId: z.uuid() }) } },
    async (request) => {
      const { user } = requireSession(request);
      return profile.readAs(user.id, request.params.userId);
    },
  );

  r.get(
    '/api/files/avatar/:fileId',
    { schema: { params: z.object({ fileId: z.uuid() }) } },
    async (request, reply) => {
      requireSession(request);
      return deps.files.send(request, reply, await profile.avatarFile(request.params.fileId));
    },
  );
}

/**
 * What each kind of upload accepts, checked by content (magic bytes), never by name.
 * Limits and messages from SPEC §5, §8, §9.
 */
export interface UploadPolicy {
  name: string;
  maxBytes: number;
  /** Accepted content types; a trailing '/*' accepts a whole family. */
  accept: readonly string[];
  tooLargeTitle: string;
  tooLargeMessage: string;
  wrongTypeMessage: string;
}

const MB = 1024 * 1024;

export const CHAT_MEDIA_POLICY: UploadPolicy = {
  name: 'chat-media',
  maxBytes: 10 * MB,
  accept: ['image/*', 'video/*', 'application/pdf'],
  tooLargeTitle: 'File Too Large',
  tooLargeMessage: 'File size must be less than 10MB',
  wrongTypeMessage: 'Only images, videos and PDF files can be shared in chat.',
};

/** The spec's generic uploader default: audio, video, pdf, doc, docx, txt up to 50 MB. */
export const GENERIC_UPLOAD_POLICY: UploadPolicy = {
  name: 'generic',
  maxBytes: 50 * MB,
  accept: [
    'audio/*',
    'video/*',
    'application/pdf',
    'application/msword',
    'application/x-cfb',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'text/plain',
  ],
  tooLargeTitle: 'File Too Large',
  tooLargeMessage: 'File size must be less than 50MB',
  wrongTypeMessage: 'Supported files are audio, video, PDF, Word documents and plain text.',
};

export const AUDIO_UPLOAD_POLICY: UploadPolicy = {
  name: 'audio',
  maxBytes: 50 * MB,
  // WebM and Matroska audio is sniffed as video/webm: the container is the same.
  accept: ['audio/*', 'video/webm'],
  tooLargeTitle: 'File Too Large',
  tooLargeMessage: 'File size must be less than 50MB',
  wrongTypeMessage: 'Please choose an audio file (WebM, Ogg, WAV, MP3 or M4A).',
};

export const AVATAR_POLICY: UploadPolicy = {
  name: 'avatar',
  maxBytes: 5 * MB,
  accept: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  tooLargeTitle: 'File Too Large',
  tooLargeMessage: 'File size must be less than 5MB',
  wrongTypeMessage: 'Please choose a PNG, JPEG, WebP or GIF image.',
};

export function policyAccepts(policy: UploadPolicy, mime: string): boolean {
  return policy.accept.some((pattern) =>
    pattern.endsWith('/*') ? mime.startsWith(pattern.slice(0, -1)) : mime === pattern,
  );
}

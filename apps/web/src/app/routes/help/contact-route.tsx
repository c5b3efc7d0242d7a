import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { api } from '../../../lib/api-client';

/** Shown while the server's SUPPORT_EMAIL (GET /api/config) loads, or if it cannot be read. */
const DEFAULT_SUPPORT_EMAIL = 'support@kaleido.local';

async function fetchSupportEmail(): Promise<string> {
  const config = await api.get<{ supportEmail?: string }>('/api/config');
  return config.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
}

export function ContactRoute() {
  const { data: email = DEFAULT_SUPPORT_EMAIL } = useQuery({
    queryKey: ['config', 'support-email'],
    queryFn: fetchSupportEmail,
    staleTime: Infinity,
  });
  return (
    <section aria-labelledby="contact-title" className="rounded-lg border p-6">
      <h2 id="contact-title" className="mb-2 text-lg font-semibold">
        Contact support
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Write to us and we will usually respond within 24 hours.
      </p>
      <a
        href={`mailto:${email}`}
        className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
        data-testid="support-email"
      >
        <Mail className="size-4" aria-hidden="true" />
        {email}
      </a>
    </section>
  );
}

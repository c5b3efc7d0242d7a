import { FEATURE_TOGGLES, type FeatureToggle } from '@kaleido/shared/admin/admin.schemas';
import { COMPLIANCE_MODES, type SystemSettings } from '@kaleido/shared/settings/settings.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { adminApi, adminKeys, type InstanceSettings } from '../api/admin-requests';
import { errorMessage } from '../../../lib/api-client';
import { instanceFeaturesKey } from '../../../lib/instance-features';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { formatWhen, Select } from './console-parts';

const FEATURE_LABELS: Record<FeatureToggle, string> = {
  audio_input: 'Audio input',
  video_input: 'Video input',
  realtime_analysis: 'Real-time analysis',
  advanced_analytics: 'Advanced analytics',
  open_directory: 'Everyone can find everyone (open directory)',
};
const MODE_LABELS = { standard: 'Standard', gdpr: 'GDPR', hipaa: 'HIPAA', research: 'Research' };
const RETENTION_LABELS: Record<string, string> = {
  journal_entries: 'Journal entries',
  voice_notes: 'Voice notes',
  chat_messages: 'Chat messages',
  notifications: 'Notifications',
  mail_copies: 'Mail (people’s copies)',
  mail_messages: 'Mail messages (every copy gone)',
  files: 'Stored files',
};

/** /admin/system: the instance's settings (not the admin's own), feature toggles, retention. */
export function SystemPage() {
  const settings = useQuery({ queryKey: adminKeys.settings, queryFn: adminApi.settings });
  if (settings.isError) return <p role="alert">{errorMessage(settings.error)}</p>;
  if (!settings.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return <SystemForm settings={settings.data} />;
}

function SystemForm({ settings }: { settings: InstanceSettings }) {
  const queryClient = useQueryClient();
  const [system, setSystem] = useState<SystemSettings>(settings.system);
  const [retention, setRetention] = useState(String(settings.system.data_retention_days));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: adminApi.changeSettings,
    onSuccess: async (next) => {
      setError(null);
      queryClient.setQueryData(adminKeys.settings, next);
      setSystem(next.system);
      toast.success('Settings saved for the whole instance');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.retention }),
        queryClient.invalidateQueries({ queryKey: instanceFeaturesKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'research'] }),
      ]);
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const toggle = (feature: FeatureToggle, on: boolean) =>
    save.mutate({ features: { [feature]: on } });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>System settings</CardTitle>
          <CardDescription>
            These apply to the whole instance. Every change is written to the audit log.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid max-w-xl gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              const days = Number(retention.trim());
              save.mutate({
                system: {
                  audit_logs: system.audit_logs,
                  compliance_mode: system.compliance_mode,
                  data_retention_days: Number.isInteger(days) ? days : (retention as never),
                },
              });
            }}
          >
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={system.audit_logs}
                onChange={(e) => setSystem({ ...system, audit_logs: e.target.checked })}
              />
              Audit logs — record administrators&apos; actions (security events are always kept)
            </label>
            <label className="grid gap-1 text-sm">
              Data retention (days)
              <Input
                inputMode="numeric"
                value={retention}
                onChange={(e) => setRetention(e.target.value)}
                className="max-w-40"
              />
            </label>
            <Select
              label="Compliance mode"
              value={system.compliance_mode}
              onChange={(mode) => setSystem({ ...system, compliance_mode: mode })}
              options={COMPLIANCE_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))}
            />
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <div>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save settings'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Feature toggles</CardTitle>
          <CardDescription>
            What is off is refused by the server and hidden in the app.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          {FEATURE_TOGGLES.map((feature) => (
            <label key={feature} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={settings.features[feature]}
                disabled={save.isPending}
                onChange={(e) => toggle(feature, e.target.checked)}
              />
              {FEATURE_LABELS[feature]}
            </label>
          ))}
        </CardContent>
      </Card>

      <RetentionCard />
    </div>
  );
}

/** The dry run (what a run now would delete) and running it now, with confirmation. */
function RetentionCard() {
  const queryClient = useQueryClient();
  const preview = useQuery({ queryKey: adminKeys.retention, queryFn: adminApi.retentionPreview });
  const run = useMutation({
    mutationFn: adminApi.runRetention,
    onSuccess: async (report) => {
      const total = Object.values(report.counts).reduce((a, b) => a + b, 0);
      toast.success(`Retention ran: ${total} items deleted`);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Data retention</CardTitle>
        <CardDescription>
          A daily job at 03:00 UTC deletes content older than the limit. People&apos;s own, shorter
          retention choices still apply.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {preview.data ? (
          <>
            <p className="text-sm">
              Dry run: a run now deletes what was created before{' '}
              <strong>{formatWhen(preview.data.cutoff)}</strong> ({preview.data.retentionDays}{' '}
              days):
            </p>
            <ul className="grid gap-1 text-sm" aria-label="Retention dry run">
              {Object.entries(preview.data.counts).map(([key, count]) => (
                <li key={key}>
                  {RETENTION_LABELS[key] ?? key}: {count}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{preview.isError ? 'Unavailable' : '…'}</p>
        )}
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void preview.refetch()}>
            Refresh dry run
          </Button>
          <ConfirmButton
            label="Run retention now"
            title="Delete everything older than the retention limit now?"
            description="What the dry run lists is deleted for good."
            confirmLabel="Delete now"
            pending={run.isPending}
            onConfirm={() => run.mutateAsync()}
          />
        </div>
      </CardContent>
    </Card>
  );
}

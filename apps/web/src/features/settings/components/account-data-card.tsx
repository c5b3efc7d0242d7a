import { Download, FileArchive } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { EXPORT_JSON_URL, EXPORT_ZIP_URL } from '../api/settings-requests';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DeleteDataDialog } from './delete-data-dialog';
import { SettingsSectionCard } from './settings-section-card';
import { StorageUsageSummary } from './storage-usage';

/** Export links the browser downloads directly (the server names the files); deletion dialogs. */
export function ExportLinks() {
  return (
    <div className="flex flex-wrap gap-2">
      <a href={EXPORT_JSON_URL} download className={buttonVariants({ variant: 'outline' })}>
        <Download aria-hidden="true" />
        Export my data (JSON)
      </a>
      <a href={EXPORT_ZIP_URL} download className={buttonVariants({ variant: 'outline' })}>
        <FileArchive aria-hidden="true" />
        Download full archive (ZIP)
      </a>
    </div>
  );
}

/** Your data: the room it takes, export everything you own, delete it, or the whole account. */
export function AccountDataCard() {
  return (
    <SettingsSectionCard
      title="Your data"
      description="See how much room you use, download a copy of everything you own, or delete it."
    >
      <StorageUsageSummary />
      <div className="grid gap-2 py-3">
        <p className="text-sm text-muted-foreground">
          The JSON file holds your profile, settings and everything you wrote; the archive adds your
          files.
        </p>
        <ExportLinks />
      </div>
      <div className="flex flex-wrap gap-2 py-3">
        <DeleteDataDialog />
        <DeleteAccountDialog />
      </div>
    </SettingsSectionCard>
  );
}

import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RecipientInput } from './recipient-input';

/** To, and Cc once asked for (or when the draft already has some). */
export function ComposeRecipients({
  to,
  cc,
  onTo,
  onCc,
}: {
  to: string[];
  cc: string[];
  onTo: (value: string[]) => void;
  onCc: (value: string[]) => void;
}) {
  const [showCc, setShowCc] = useState(cc.length > 0);
  return (
    <>
      <RecipientInput label="To" value={to} onChange={onTo} autoFocus={to.length === 0} />
      {showCc ? (
        <RecipientInput label="Cc" value={cc} onChange={onCc} />
      ) : (
        <Button variant="link" size="inline" className="self-start" onClick={() => setShowCc(true)}>
          Add Cc
        </Button>
      )}
    </>
  );
}

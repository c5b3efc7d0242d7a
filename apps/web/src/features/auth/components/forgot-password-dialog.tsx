import { useState, type RefObject, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { requestPasswordReset } from '../api/auth-requests';
import { AUTH_TOASTS, RESET_SENT_TEXTS } from '../auth-messages';
import { FormField } from '../../../components/ui/form-field';

/** 'Forgot your password?': email form, then the sent state; closing clears it (SPEC §4). */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opened it (there is no Dialog.Trigger: the dialog loads on demand). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  function changeOpen(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setEmail('');
      setSent(false);
    }
  }

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    // The dialog is portalled out of the sign-in form in the page, but React's events follow
    // the component tree: without this the sign-in form submitted too ("Sign in failed" beside
    // "Reset link sent", product walk 2 B-4).
    event.stopPropagation();
    if (email.trim() === '') return;
    setPending(true);
    try {
      const { message } = await requestPasswordReset(email.trim());
      toast.success(AUTH_TOASTS.resetSent, { description: message });
      setSent(true);
    } catch {
      toast.error(AUTH_TOASTS.resetFailure.title, {
        description: AUTH_TOASTS.resetFailure.description,
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
        title="Reset Password"
        description={sent ? undefined : "Enter your email and we'll send you a reset link."}
      >
        {sent ? (
          <div className="flex flex-col gap-3" data-testid="reset-sent">
            <p>{RESET_SENT_TEXTS.sent}</p>
            <p className="text-sm text-muted-foreground">{RESET_SENT_TEXTS.expiry}</p>
            <Button onClick={() => changeOpen(false)}>Close</Button>
          </div>
        ) : (
          <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
            <FormField id="reset-email" label="Email">
              <Input
                id="reset-email"
                type="email"
                autoComplete="email"
                required
                pattern=".*\S.*"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </FormField>
            <Button type="submit" disabled={pending}>
              {pending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

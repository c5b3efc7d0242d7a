import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';

// The dialog (and its focus-trap and scroll-lock code) loads on first click, not with /login.
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./forgot-password-dialog')).ForgotPasswordDialog,
}));

/** 'Forgot your password?' and the Reset Password dialog it opens (SPEC §2). */
export function ForgotPasswordLink({ label = 'Forgot your password?' }: { label?: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="link"
        size="inline"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}

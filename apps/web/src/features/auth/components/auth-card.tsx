import { Tabs } from 'radix-ui';
import { useState } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { TwoFactorForm } from './two-factor-form';

const TAB_CLASS =
  'flex-1 rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** The auth card: Sign In (default) and Sign Up tabs, and the two-factor step when needed. */
export function AuthCard({
  onSignedIn,
}: {
  /** `firstSignIn`: the account never signed in before (the two-factor step is never a first). */
  onSignedIn: (firstSignIn: boolean) => Promise<void>;
}) {
  const [tab, setTab] = useState('signin');
  const [twoFactor, setTwoFactor] = useState(false);

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle>
          <span className="text-2xl">Kaleido</span>
        </CardTitle>
        <CardDescription>
          {twoFactor ? 'Two-factor authentication' : 'Sign in to your account or create a new one'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {twoFactor ? (
          <TwoFactorForm
            onVerified={() => onSignedIn(false)}
            onCancel={() => setTwoFactor(false)}
          />
        ) : (
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List
              aria-label="Sign in or sign up"
              className="mb-6 flex rounded-md bg-muted p-1"
            >
              <Tabs.Trigger value="signin" className={TAB_CLASS}>
                Sign In
              </Tabs.Trigger>
              <Tabs.Trigger value="signup" className={TAB_CLASS}>
                Sign Up
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="signin">
              <SignInForm onSignedIn={onSignedIn} onTwoFactorRequired={() => setTwoFactor(true)} />
            </Tabs.Content>
            <Tabs.Content value="signup">
              <SignUpForm onSignedUp={() => setTab('signin')} />
            </Tabs.Content>
          </Tabs.Root>
        )}
      </CardContent>
    </Card>
  );
}

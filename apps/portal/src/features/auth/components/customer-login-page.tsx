import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { business, loginRequestSchema } from '@repo/contracts';
import { CredentialsForm, showToast, submitSignIn, useDocumentTitle, type Credentials } from '@repo/ui';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { paths } from '../../../config/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useLoginCustomer } from '../api/login.ts';
import { AuthFrame } from './auth-frame.tsx';

export function CustomerLoginPage() {
  useDocumentTitle('Customer Login');
  const navigate = useNavigate();
  const login = useLoginCustomer();
  const queryClient = useQueryClient();

  const handleSubmit = (credentials: Credentials) =>
    submitSignIn(credentials, {
      // No tokenKey: the answer's httpOnly cookie is the session, and the token never reaches browser storage.
      signIn: login.mutateAsync,
      failureTitle: 'Login Failed',
      rejectedMessage: 'Login failed. Please check your credentials.',
      unreachableMessage: 'An error occurred. Please try again.',
      onSignedIn: () => {
        // A "signed out" answer from before this login must not greet the portal.
        queryClient.removeQueries({ queryKey: queryKeys.signedInCustomer });
        showToast({ title: 'Login Successful', description: 'Welcome back! Redirecting to your portal...' });
        navigate(paths.customerPortal);
      },
    });

  return (
    <AuthFrame
      width={440}
      title="Customer Login"
      intro="Sign in to see your service history and appointments."
      other={{ question: "Don't have an account?", href: paths.register, label: 'Create one' }}
    >
      <UntilHydrated>
        <CredentialsForm schema={loginRequestSchema} submitLabel="Login" busyLabel="Logging in..." onSubmit={handleSubmit} />
      </UntilHydrated>
      {/* Until the site sends email, the way back into an account is a call; a native disclosure, so it opens without JavaScript. */}
      <details className="help-disclosure forgot-password">
        <summary>Forgot password?</summary>
        <p>
          We cannot send reset links by email yet. Call us at <a href={`tel:${business.phoneTel}`}>{business.phoneDisplay}</a> and
          we will reset your password once we have confirmed it is you.
        </p>
      </details>
    </AuthFrame>
  );
}

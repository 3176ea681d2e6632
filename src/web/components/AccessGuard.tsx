import type { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import { useLocation } from 'react-router';
import { hasRole, type Role } from '../../platform/roles';
import { useAuth } from '../features/accounts/useAuth';
import { signInHref } from '../lib/navigation';
import { usePageTitle } from '../lib/pageTitle';
import { ButtonAnchor } from './Button';
import { Card, CardContent, CardHeader, CardTitle } from './Card';

interface AccessGuardProps {
  children: ReactNode;
  /** The role the content needs (admin passes every check, seller passes seller and buyer). */
  role?: Role;
  /** Called instead of showing the sign-in message when the user is signed out. */
  onUnauthorized?: () => ReactNode;
}

const ROLE_HINT: Partial<Record<Role, string>> = {
  admin: ' Only administrators can access this.',
  seller: ' Only approved sellers can access this.',
};

/** Shows its children only to a signed-in user holding `role` (spec 001 §6 "Access guard"). */
export function AccessGuard({ children, role, onUnauthorized }: AccessGuardProps) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) {
    return (
      <p role="status" className="p-8 text-center text-muted">
        Loading...
      </p>
    );
  }
  if (!user) {
    if (onUnauthorized) return <>{onUnauthorized()}</>;
    return (
      <GuardMessage title="Sign In Required" text="Please sign in to access this feature.">
        <ButtonAnchor href={signInHref(location.pathname, location.search)} className="mt-4">
          Sign In
        </ButtonAnchor>
      </GuardMessage>
    );
  }
  if (role && !hasRole(user.role, role)) {
    return (
      <GuardMessage
        title="Access Denied"
        text={`You don't have permission to access this feature.${ROLE_HINT[role] ?? ''}`}
      />
    );
  }
  return <>{children}</>;
}

function GuardMessage({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <Card>
        <CardHeader className="flex flex-row items-center gap-3">
          <ShieldAlert aria-hidden className="size-6 text-racing" />
          <CardTitle className="text-xl">{title}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-muted">{text}</p>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckboxField } from '../../components/Field';

const policyLink = 'font-medium text-racing underline-offset-2 hover:underline';

export type PolicyField = 'privacyAccepted' | 'termsAccepted';

interface PolicyAcceptanceProps {
  /** Prefix of the checkbox ids, e.g. "register" gives "register-privacyAccepted". */
  idPrefix: string;
  privacyAccepted: boolean;
  termsAccepted: boolean;
  errors: Partial<Record<PolicyField, string>>;
  onChange: (field: PolicyField, accepted: boolean) => void;
  /** Further checkboxes shown in the same box, above the policy ones. */
  children?: ReactNode;
}

/** The boxed "I accept the Privacy Policy / Terms of Service" checkboxes of a registration form. */
export function PolicyAcceptance({
  idPrefix,
  privacyAccepted,
  termsAccepted,
  errors,
  onChange,
  children,
}: PolicyAcceptanceProps) {
  return (
    <div className="grid gap-3 rounded-md border border-line bg-paper p-4">
      {children}
      <CheckboxField
        id={`${idPrefix}-privacyAccepted`}
        checked={privacyAccepted}
        error={errors.privacyAccepted}
        onChange={(e) => onChange('privacyAccepted', e.target.checked)}
      >
        I accept the{' '}
        <Link to="/privacy-policy" target="_blank" className={policyLink}>
          Privacy Policy
        </Link>
      </CheckboxField>
      <CheckboxField
        id={`${idPrefix}-termsAccepted`}
        checked={termsAccepted}
        error={errors.termsAccepted}
        onChange={(e) => onChange('termsAccepted', e.target.checked)}
      >
        I accept the{' '}
        <Link to="/terms-of-service" target="_blank" className={policyLink}>
          Terms of Service
        </Link>
      </CheckboxField>
    </div>
  );
}

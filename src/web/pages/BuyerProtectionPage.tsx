import { ButtonLink } from '../components/Button';
import { LegalDocument } from './LegalDocument';
import { buyerProtectionSections } from './policyPages';

const SECTIONS = buyerProtectionSections();

/** /buyer-protection: how buyers are protected, quoted from the FAQ and the Terms of Service. */
export function BuyerProtectionPage() {
  return (
    <LegalDocument
      title="Buyer Protection"
      intro="How Pitlane looks after you when you buy a part: vetted sellers, payment through Pitlane, and a return when a part is not what the listing said."
      sections={SECTIONS}
    >
      <section aria-labelledby="buyer-protection-help" className="grid justify-items-start gap-3 rounded-lg border border-line bg-surface p-4">
        <h2 id="buyer-protection-help" className="text-lg font-semibold">
          Something went wrong with a purchase?
        </h2>
        <p className="text-muted">Tell us what happened and we will help you sort it out with the seller.</p>
        <ButtonLink to="/contact?topic=buying">Contact Us</ButtonLink>
      </section>
    </LegalDocument>
  );
}

import { ButtonLink } from '../components/Button';
import { LegalDocument } from './LegalDocument';
import { sellerGuidelinesSections } from './policyPages';

const SECTIONS = sellerGuidelinesSections();

/** /seller-guidelines: what sellers commit to, quoted from the FAQ and the Terms of Service. */
export function SellerGuidelinesPage() {
  return (
    <LegalDocument
      title="Seller Guidelines"
      intro="What we ask of every seller on Pitlane, so buyers can trust a listing as much as the part in it."
      sections={SECTIONS}
    >
      <section aria-labelledby="seller-guidelines-next" className="grid justify-items-start gap-3 rounded-lg border border-line bg-surface p-4">
        <h2 id="seller-guidelines-next" className="text-lg font-semibold">
          Ready to sell?
        </h2>
        <p className="text-muted">Apply with your business details; our team reviews every application.</p>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/seller-registration">Apply to Sell</ButtonLink>
          <ButtonLink to="/contact?topic=selling" variant="outline">
            Ask a question
          </ButtonLink>
        </div>
      </section>
    </LegalDocument>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '../components/PageContainer';
import { POLICY } from './policy';

/** A paragraph, or a bulleted list when given as an array. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  heading: string;
  blocks: readonly LegalBlock[];
}

interface LegalDocumentProps {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
  /** Extra content after the sections (e.g. a call to action). */
  children?: ReactNode;
}

/** Layout of the static policy pages: title, version line, numbered sections. */
export function LegalDocument({ title, intro, sections, children }: LegalDocumentProps) {
  return (
    <PageContainer className="max-w-3xl" title={title}>
      <article className="grid gap-8">
        <header className="grid gap-3 border-b border-line pb-6">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="text-sm text-muted">
            Version {POLICY.version} · Effective {POLICY.effectiveDate}
          </p>
          <p className="text-base leading-7">{intro}</p>
        </header>
        {sections.map((section, index) => (
          <section key={section.heading} className="grid gap-3" aria-labelledby={`section-${index}`}>
            <h2 id={`section-${index}`} className="text-xl font-semibold">
              {index + 1}. {section.heading}
            </h2>
            {section.blocks.map((block) =>
              typeof block === 'string' ? (
                <p key={block} className="leading-7">
                  {block}
                </p>
              ) : (
                <ul key={block.join('|')} className="grid list-disc gap-1 pl-6 leading-7">
                  {block.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
        {children}
        <footer className="border-t border-line pt-6 text-sm text-muted">
          Questions? Read the{' '}
          <Link to="/faq" className="font-medium text-racing hover:underline">
            FAQ
          </Link>{' '}
          or email <a className="font-medium text-racing hover:underline" href={`mailto:${POLICY.supportEmail}`}>{POLICY.supportEmail}</a>.
          We reply {POLICY.supportReply}.
        </footer>
      </article>
    </PageContainer>
  );
}

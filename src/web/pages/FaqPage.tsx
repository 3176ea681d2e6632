import { ChevronDown, Mail } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { PageContainer } from '../components/PageContainer';
import { FAQ_SECTIONS } from './faq.data';
import { POLICY } from './policy';

/** /faq: questions grouped by section; each answer expands and collapses. */
export function FaqPage() {
  return (
    <PageContainer className="max-w-3xl" title="Frequently Asked Questions">
      <header className="mb-8 grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Frequently Asked Questions</h1>
        <p className="text-muted">Buying, selling, payments and shipping on Pitlane.</p>
      </header>
      <nav aria-label="FAQ sections" className="mb-8 flex flex-wrap gap-2">
        {FAQ_SECTIONS.map((section) => (
          <a
            key={section.id}
            href={`#${section.id}`}
            className="rounded-full border border-line bg-surface px-3 py-1 text-sm hover:border-racing hover:text-racing"
          >
            {section.title}
          </a>
        ))}
      </nav>
      <div className="grid gap-10">
        {FAQ_SECTIONS.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="mb-3 flex items-center gap-2 text-xl font-semibold">
              {section.title}
              {section.updated && (
                <span className="rounded-sm bg-racing px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
                  Updated
                </span>
              )}
            </h2>
            <Accordion.Root type="multiple" className="divide-y divide-line rounded-lg border border-line bg-surface">
              {section.items.map((item) => (
                <Accordion.Item key={item.question} value={item.question}>
                  <Accordion.Header>
                    <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-3 text-left font-medium hover:bg-paper">
                      {item.question}
                      <ChevronDown
                        aria-hidden
                        className="size-4 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180"
                      />
                    </Accordion.Trigger>
                  </Accordion.Header>
                  <Accordion.Content className="px-4 pb-4 leading-7 text-muted">{item.answer}</Accordion.Content>
                </Accordion.Item>
              ))}
            </Accordion.Root>
            {section.id === 'still-need-help' && (
              <a
                href={`mailto:${POLICY.supportEmail}`}
                className="mt-4 inline-flex items-center gap-2 rounded-md bg-racing px-4 py-2 text-sm font-medium text-white hover:bg-racing-dark"
              >
                <Mail aria-hidden className="size-4" /> Email Support
              </a>
            )}
          </section>
        ))}
      </div>
    </PageContainer>
  );
}

import { Link } from 'react-router';
import { PageContainer } from '../components/PageContainer';
import { SITEMAP, sitemapHref } from './sitemap';

/** /sitemap: the footer's "Sitemap" link (issue 34), the main pages in four groups. */
export function SitemapPage() {
  return (
    <PageContainer className="max-w-5xl" title="Sitemap">
      <h1 className="text-3xl font-bold tracking-tight">Sitemap</h1>
      <p className="mt-2 text-muted">Every main page of Pitlane. Parts, auctions, orders and storefronts open from these.</p>
      <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {SITEMAP.map((group, index) => (
          <nav key={group.heading} aria-labelledby={`sitemap-group-${index}`} className="grid content-start gap-3">
            <h2 id={`sitemap-group-${index}`} className="text-lg font-semibold">
              {group.heading}
            </h2>
            <ul className="grid gap-2">
              {group.pages.map((page) => (
                <li key={page.route}>
                  <Link to={sitemapHref(page.route)} className="text-sm text-racing hover:underline">
                    {page.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </PageContainer>
  );
}

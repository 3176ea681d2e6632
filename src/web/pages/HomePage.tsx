import { Globe, Headphones, ShieldCheck, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../components/Button';
import { CategoryGrid } from '../features/catalog/CategoryGrid';
import { RecentListings } from '../features/catalog/RecentListings';
import { SearchForm } from '../features/catalog/SearchForm';
import { HomeFeaturedListings } from '../features/featured/FeaturedListings';
import { searchHref } from '../lib/navigation';

const POPULAR_SEARCHES = ['Porsche 911 Parts', 'Ferrari Engine Parts', 'Classic Mustang', 'Vintage BMW'] as const;

const SELLING_POINTS = [
  { icon: Globe, title: 'Reach qualified buyers globally', text: 'Enthusiasts, restorers and race teams who know what they are looking for.' },
  { icon: Wrench, title: 'Professional listing tools', text: 'Part numbers, fitment, condition grades, auctions and wanted-part quotes.' },
  { icon: ShieldCheck, title: 'Secure payment processing', text: 'Card payments under $5,000 and escrow for the big-ticket parts.' },
  { icon: Headphones, title: '24/7 customer support', text: 'Real people who know cars, replying within one business day.' },
] as const;

/** / : hero, part search with popular searches, recent listings, the call to sell and the categories. */
export function HomePage() {
  return (
    <>
      <Hero />
      <HomeFeaturedListings />
      <HomeSearch />
      <RecentListings />
      <SellCallToAction />
      <CategoryGrid />
    </>
  );
}

function Hero() {
  return (
    <section className="border-b border-line bg-surface">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-16 md:py-24">
        <p className="text-sm font-semibold tracking-widest text-racing uppercase">Classic · Performance · Race</p>
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance md:text-6xl">
          Finally, a Marketplace Built for True Enthusiasts
        </h1>
        <p className="max-w-2xl text-lg text-muted">
          New, used and new-old-stock parts from vetted sellers, with the part numbers, fitment and photos you need to
          buy with confidence.
        </p>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/search" size="lg">
            Browse Parts
          </ButtonLink>
          <ButtonLink to="/seller-registration" size="lg" variant="outline">
            Apply to Sell
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function HomeSearch() {
  return (
    <section aria-labelledby="home-search-title" className="mx-auto max-w-7xl px-4 py-12">
      <div className="rounded-lg border border-line bg-surface p-6 shadow-sm">
        <h2 id="home-search-title" className="mb-4 text-2xl font-bold">
          Find the part you need
        </h2>
        <SearchForm />
        <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">Popular searches:</span>
          {POPULAR_SEARCHES.map((term) => (
            <Link
              key={term}
              to={searchHref(term) ?? '/search'}
              className="rounded-full border border-line px-3 py-1 hover:border-racing hover:text-racing"
            >
              {term}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}

function SellCallToAction() {
  return (
    <section aria-labelledby="sell-cta-title" className="bg-graphite text-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 lg:grid-cols-2 lg:items-center">
        <div className="grid gap-4">
          <h2 id="sell-cta-title" className="text-3xl font-bold tracking-tight">
            Sell Your Classic Car Parts
          </h2>
          <p className="text-white/80">
            That NOS carburettor on the shelf is exactly what someone is hunting for. List it where the buyers are.
          </p>
          <div>
            <ButtonLink to="/sell" size="lg">
              Start Selling Now
            </ButtonLink>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {SELLING_POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="grid gap-2 rounded-lg border border-white/10 bg-graphite-2 p-4">
              <Icon aria-hidden className="size-6 text-[#ff5a6e]" />
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-white/80">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

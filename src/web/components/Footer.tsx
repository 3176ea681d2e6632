import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from './Button';
import { SocialIcons } from './SocialIcons';
import { toast } from './toast';

const linkClass = 'text-sm text-white/80 hover:text-white hover:underline';

const SUPPORT_LINKS = [
  { to: '/faq', label: 'FAQ' },
  { to: '/payments', label: 'Payment Options' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/buyer-protection', label: 'Buyer Protection' },
  { to: '/seller-guidelines', label: 'Seller Guidelines' },
  { to: '/contact', label: 'Contact Us' },
] as const;

/** The spec's Privacy, Cookie and Sitemap links of the bottom bar, to their pages (issue 34). */
const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy' },
  { to: '/cookie-policy', label: 'Cookie' },
  { to: '/sitemap', label: 'Sitemap' },
] as const;

/** The site footer (spec 000 §2 "Footer"). */
export function Footer() {
  return (
    <footer className="mt-16 bg-graphite text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <section className="grid content-start gap-4">
          <h2 className="text-lg font-bold">Pitlane</h2>
          <p className="text-sm text-white/80">
            The marketplace for new, used and new-old-stock classic, performance and race car parts. Built by people who
            spend their weekends under cars, for everyone restoring, racing or keeping a classic on the road.
          </p>
          <SocialIcons />
        </section>
        <section className="grid content-start gap-3">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Support</h2>
          <ul className="grid gap-2">
            {SUPPORT_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a href="/admin" className={linkClass}>
                Admin
              </a>
            </li>
          </ul>
        </section>
        <section className="grid content-start gap-3">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Marketplace</h2>
          <ul className="grid gap-2">
            <li>
              <Link to="/search" className={linkClass}>
                Browse Parts
              </Link>
            </li>
            <li>
              <Link to="/auctions" className={linkClass}>
                Live Auctions
              </Link>
            </li>
            <li>
              <Link to="/reverse-auctions" className={linkClass}>
                Wanted Parts
              </Link>
            </li>
            <li>
              <Link to="/seller-registration" className={linkClass}>
                Apply to Sell
              </Link>
            </li>
          </ul>
        </section>
        <NewsletterBox />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-white/80 sm:flex-row sm:items-center sm:justify-between">
          <p>© Pitlane. All rights reserved.</p>
          <ul className="flex gap-4">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

function NewsletterBox() {
  const [email, setEmail] = useState('');

  function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // No newsletter service yet: acknowledge without pretending the address was stored.
    toast({
      title: 'Thanks for your interest',
      description: 'Email updates are coming soon. We will let you know when you can subscribe.',
    });
    setEmail('');
  }

  return (
    <section className="grid min-w-0 content-start gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Stay Updated</h2>
      <p className="text-sm text-white/80">New listings, auction results and restoration stories, once a week.</p>
      <form onSubmit={subscribe} className="flex min-w-0 flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <label htmlFor="footer-email" className="sr-only">
          Email address
        </label>
        <input
          id="footer-email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
          className="h-10 w-full min-w-0 rounded-md border border-white/20 bg-graphite-2 px-3 text-sm text-white placeholder:text-white/70 sm:flex-1"
        />
        <Button type="submit">Subscribe</Button>
      </form>
    </section>
  );
}

import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'dark';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-racing text-white hover:bg-racing-dark',
  secondary: 'bg-graphite text-white hover:bg-graphite-2',
  outline: 'border border-line bg-surface text-ink hover:bg-paper',
  ghost: 'text-ink hover:bg-black/5',
  dark: 'text-white hover:bg-white/10',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
};

/** The same sizes for a label that may wrap: the height is a minimum (written out, so Tailwind finds the classes). */
const wrappingSizes: Record<ButtonSize, string> = {
  sm: 'min-h-8 px-3 text-sm',
  md: 'min-h-10 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
  icon: 'size-10',
};

/**
 * The classes of a button, for elements that only look like one. `wrap` lets a long label (a user's own words, such
 * as a vehicle's name) wrap onto more lines at the size's height as a minimum, instead of widening a phone's page.
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string, wrap = false): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors',
    wrap ? 'max-w-full whitespace-normal py-2 text-left' : 'whitespace-nowrap',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-racing',
    'disabled:pointer-events-none disabled:opacity-60',
    variants[variant],
    (wrap ? wrappingSizes : sizes)[size],
    extra,
  );
}

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, wrap, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & StyleProps & { wrap?: boolean }) {
  return <button type={type} className={buttonClass(variant, size, className, wrap)} {...props} />;
}

/** A router link styled as a button. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & StyleProps) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}

/** A real browser navigation (e.g. /api/login, /admin) styled as a button. */
export function ButtonAnchor({ variant, size, className, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & StyleProps) {
  return <a className={buttonClass(variant, size, className)} {...props} />;
}

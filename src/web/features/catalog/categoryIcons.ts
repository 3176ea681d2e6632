import {
  Armchair,
  Bolt,
  Car,
  CircleDot,
  Cog,
  Disc,
  Engine,
  Flag,
  Flame,
  Fuel,
  Hammer,
  Lightbulb,
  type LucideIcon,
  Package,
  Settings,
  Shield,
  Sparkles,
  Waves,
  Wind,
  Wrench,
  Zap,
} from 'lucide-react';

/** One icon per category slug the catalog ships with (spec 000 §2 "Category grid"). */
const BY_SLUG: Readonly<Record<string, LucideIcon>> = {
  engine: Engine,
  drivetrain: Cog,
  suspension: Waves,
  intake: Fuel,
  exhaust: Wind,
  brakes: Disc,
  body: Car,
  interior: Armchair,
  electrical: Zap,
  wheels: CircleDot,
  lighting: Lightbulb,
  trim: Sparkles,
  tools: Wrench,
  hardware: Bolt,
  accessories: Package,
  projects: Hammer,
  fire: Flame,
  safety: Shield,
  pit: Flag,
  misc: Settings,
};

/** Icon keywords a category may carry (categories added by admins). */
const BY_KEYWORD: Readonly<Record<string, LucideIcon>> = {
  engine: Engine,
  cog: Cog,
  suspension: Waves,
  fuel: Fuel,
  exhaust: Wind,
  disc: Disc,
  car: Car,
  seat: Armchair,
  zap: Zap,
  wheel: CircleDot,
  lightbulb: Lightbulb,
  sparkles: Sparkles,
  wrench: Wrench,
  bolt: Bolt,
  package: Package,
  hammer: Hammer,
  flame: Flame,
  shield: Shield,
  flag: Flag,
};

/** The icon of a category: by slug, then by icon keyword, else the generic gear. */
export function categoryIcon(slug: string, keyword?: string | null): LucideIcon {
  if (Object.hasOwn(BY_SLUG, slug)) return BY_SLUG[slug] ?? Settings;
  const key = keyword?.trim().toLowerCase() ?? '';
  return (Object.hasOwn(BY_KEYWORD, key) ? BY_KEYWORD[key] : undefined) ?? Settings;
}

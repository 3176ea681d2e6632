import GavelIcon from '@mui/icons-material/Gavel';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import { lazyPage } from '../lazyPage';

/** The three settings forms, each a menu entry of its own (spec 001 admin tabs). */
export const auctionSettings = { list: lazyPage(() => import('./AuctionSettingsPage'), 'AuctionSettingsPage'), icon: GavelIcon };
export const bidderSettings = { list: lazyPage(() => import('./BidderSettingsPage'), 'BidderSettingsPage'), icon: HowToRegIcon };
export const pricingSettings = { list: lazyPage(() => import('./PricingSettingsPage'), 'PricingSettingsPage'), icon: PriceCheckIcon };

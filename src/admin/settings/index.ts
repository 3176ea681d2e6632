import GavelIcon from '@mui/icons-material/Gavel';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PriceCheckIcon from '@mui/icons-material/PriceCheck';
import { AuctionSettingsPage } from './AuctionSettingsPage';
import { BidderSettingsPage } from './BidderSettingsPage';
import { PricingSettingsPage } from './PricingSettingsPage';

/** The three settings forms, each a menu entry of its own (spec 001 admin tabs). */
export const auctionSettings = { list: AuctionSettingsPage, icon: GavelIcon };
export const bidderSettings = { list: BidderSettingsPage, icon: HowToRegIcon };
export const pricingSettings = { list: PricingSettingsPage, icon: PriceCheckIcon };

import { inject, injectable } from 'inversify';
import type { FeaturedMonthRevenueDto } from './featured-listing.dto.js';
import { FeaturedRevenueService } from './featured-revenue.service.js';

/** What other modules may ask of featured placements. */
export abstract class FeaturedApi {
  /**
   * Featured revenue per month (UTC) of the placements starting in [from, to), booked in their start month, every
   * month of the range listed (zeros when none): homepage, category and total as exact money strings.
   */
  abstract revenueByMonth(from: Date, to: Date): Promise<FeaturedMonthRevenueDto[]>;
}

@injectable()
export class FeaturedApiImpl extends FeaturedApi {
  constructor(@inject(FeaturedRevenueService) private readonly revenue: FeaturedRevenueService) {
    super();
  }

  revenueByMonth(from: Date, to: Date): Promise<FeaturedMonthRevenueDto[]> {
    return this.revenue.byMonth(from, to);
  }
}

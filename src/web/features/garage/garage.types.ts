/** The garage API's shapes, declared once on the server (src/modules/garage/*.dto.ts) and read here with `import type`. */
export type {
  AlertDto as PartAlertDto,
  AlertFrequency,
  FitCheckReason,
  FitStatus,
  MarketWatchItemDto,
  NoFitReason as MismatchReason,
  PartFitmentAnswerDto as PartFitmentDto,
  PriceDirection,
  PricePointDto,
  ProjectType,
  SoldPriceHistoryDto,
  VehicleDto as GarageVehicleDto,
  WantedRequestAlertDto,
  WatchCandidateDto,
  WatchType,
} from '../../../modules/garage/garage.dto';
export type { NotificationDto } from '../../../modules/notifications/notification.dto';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { FitmentReportInput } from '../../../modules/garage/garage.inputs';
import type { FitmentReportDto, FitmentReportStateDto } from '../../../modules/garage/garage.dto';

const reportPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/fitment-report`;

/** The buyer's "Did it fit?" report of an order (null before one is sent). */
export function useFitmentReport(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [reportPath(orderId)],
    queryFn: () => apiRequest<FitmentReportStateDto>(reportPath(orderId)),
    enabled,
    select: (state) => state.report,
  });
}

/** Sends the report (once per order). */
export function useSendFitmentReport(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FitmentReportInput) => apiRequest<FitmentReportDto>(reportPath(orderId), { method: 'POST', data: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [reportPath(orderId)] }),
  });
}

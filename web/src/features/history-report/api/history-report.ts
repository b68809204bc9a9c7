import { useQuery } from '@tanstack/react-query';
import { VehicleHistoryReportSchema, type VehicleHistoryReport } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

export const useHistoryReport = (vin: string | null) =>
  useQuery({
    queryKey: ['/api/carfax-report', vin],
    queryFn: (): Promise<VehicleHistoryReport> =>
      apiRequest('POST', '/api/carfax-report', VehicleHistoryReportSchema, { body: { vin } }),
    enabled: Boolean(vin),
  });

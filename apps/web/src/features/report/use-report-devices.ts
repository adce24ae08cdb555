// The devices a report asks for: every device of the cashier's list (hidden ones too), ids sorted so the
// same list is the same request. With none, the report screens show 'noDevices' (docs/product.md section 5).
import type { Device } from '@cashdesk/contract';
import { useMemo } from 'react';
import { useDevicesQuery } from '../devices';

export interface ReportDevices {
  devices: readonly Device[];
  /** Sorted ids; undefined until the list has loaded. */
  deviceIds: readonly number[] | undefined;
  noDevices: boolean;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

export function useReportDevices(): ReportDevices {
  const { data, isLoading, isError, refetch } = useDevicesQuery();
  const deviceIds = useMemo(() => data?.map((d) => d.id).sort((a, b) => a - b), [data]);
  return {
    devices: data ?? [],
    deviceIds,
    noDevices: deviceIds !== undefined && deviceIds.length === 0,
    isLoading,
    isError: isError && !data,
    refetch: () => void refetch(),
  };
}

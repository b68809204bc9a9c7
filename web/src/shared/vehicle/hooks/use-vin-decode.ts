// A typed VIN decoded as soon as it is complete (also one restored from a draft), where a car is described: the trade-in
// wizard and the sell form. A VIN the shared contract refuses shows its reason without asking the server.
import { useEffect, useEffectEvent, useState } from 'react';
import { VIN_LENGTH, VinSchema, type ScannedVehicle } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { decodeVin } from '../api/decode-vin';

export interface VinDecode {
  vin: string;
  vehicle: ScannedVehicle | null;
  error?: string | undefined;
}

/**
 * The decode of `vin` once it is 17 characters: its vehicle, or why it cannot be decoded; null while incomplete.
 * `onDecoded` hears each answer as it arrives (a form fills its fields from it).
 */
export function useVinDecode(
  vin: string,
  onDecoded?: (vin: string, vehicle: ScannedVehicle | null) => void,
): VinDecode | null {
  const [decoded, setDecoded] = useState<VinDecode | null>(null);
  const heard = useEffectEvent((at: string, vehicle: ScannedVehicle | null) => onDecoded?.(at, vehicle));
  const check = vin.length === VIN_LENGTH ? VinSchema.safeParse(vin) : undefined;
  const complete = check?.success === true;
  useEffect(() => {
    if (!complete) return;
    let live = true;
    decodeVin(vin)
      .then((r) => {
        if (!live) return;
        setDecoded({ vin, vehicle: r.vehicle });
        heard(vin, r.vehicle);
      })
      .catch(
        (err: unknown) =>
          live &&
          setDecoded({
            vin,
            vehicle: null,
            error: err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Could not decode the VIN',
          }),
      );
    return () => {
      live = false;
    };
  }, [vin, complete]);
  if (check && !check.success) return { vin, vehicle: null, error: check.error.issues[0]?.message };
  return decoded?.vin === vin ? decoded : null;
}

/** "2019 Ferrari 488 GTB": what a decoded VIN says, for the hint under the VIN field. */
export const decodedName = (v: ScannedVehicle) => [v.year, v.make, v.model, v.trim].filter(Boolean).join(' ');

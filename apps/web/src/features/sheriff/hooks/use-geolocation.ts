import { useCallback, useEffect, useRef, useState } from 'react';

type Fix = { latitude: number; longitude: number; accuracy_m: number };

/**
 * Where the phone is, from the browser's geolocation (high accuracy: the GPS, not the cell tower).
 * `locating` while asking; `ready` with the fix; otherwise why there is none, in words the sheriff can act on.
 */
export type GeolocationState =
  | { status: 'locating'; fix: null; message: null }
  | { status: 'ready'; fix: Fix; message: null }
  | { status: 'denied' | 'unavailable' | 'timeout' | 'unsupported'; fix: null; message: string };

const MESSAGES = {
  denied:
    'Location permission was refused. Allow location for this site in the browser settings, then try again, or save without GPS.',
  unavailable:
    'The position is not available (no GPS signal). Move to open sky and try again, or save without GPS.',
  timeout: 'Finding the position took too long. Try again, or save without GPS.',
  unsupported: 'This browser cannot give a position. The attempt can be saved without GPS.',
} as const;

const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 };

const failure = (error: GeolocationPositionError): GeolocationState => {
  const status = error.code === 1 ? 'denied' : error.code === 3 ? 'timeout' : 'unavailable';
  return { status, fix: null, message: MESSAGES[status] };
};

/** "Position ±12 m" */
export const accuracyLabel = (accuracy: number) => `±${Math.max(1, Math.round(accuracy))} m`;

/**
 * Asks for the position once when `active` turns true, and again on `retry()`. An answer that arrives after the
 * form closed (or after a newer request) is dropped.
 */
export function useGeolocation(active: boolean) {
  const [state, setState] = useState<GeolocationState>({ status: 'locating', fix: null, message: null });
  const request = useRef(0);

  const locate = useCallback(() => {
    const id = ++request.current;
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geo) {
      setState({ status: 'unsupported', fix: null, message: MESSAGES.unsupported });
      return;
    }
    setState({ status: 'locating', fix: null, message: null });
    geo.getCurrentPosition(
      (position) => {
        if (id !== request.current) return;
        const { latitude, longitude, accuracy } = position.coords;
        setState({
          status: 'ready',
          fix: { latitude, longitude, accuracy_m: Math.round(accuracy * 10) / 10 },
          message: null,
        });
      },
      (error) => {
        if (id !== request.current) return;
        setState(failure(error));
      },
      OPTIONS,
    );
  }, []);

  useEffect(() => {
    if (active) locate();
    else request.current++;
  }, [active, locate]);

  return { ...state, retry: locate };
}

import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import GpsOffIcon from '@mui/icons-material/GpsOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { accuracyLabel, type GeolocationState } from '../hooks/use-geolocation';
import { TAP } from './tap';

type GpsStatusProps = { state: GeolocationState; onRetry: () => void };

/** Where the phone is: "Position ±12 m" with the coordinates, or why there is no position and a way to try again. */
export function GpsStatus({ state, onRetry }: GpsStatusProps) {
  if (state.status === 'locating') {
    return (
      <Alert
        severity="info"
        icon={<CircularProgress size={20} aria-hidden />}
        role="status"
        data-testid="gps-status"
      >
        Finding your position…
      </Alert>
    );
  }
  if (state.status === 'ready') {
    const { latitude, longitude, accuracy_m } = state.fix;
    return (
      <Alert
        severity="success"
        icon={<GpsFixedIcon />}
        role="status"
        data-testid="gps-status"
        action={
          <Button color="inherit" onClick={onRetry} sx={TAP}>
            Update
          </Button>
        }
      >
        <strong>Position {accuracyLabel(accuracy_m)}</strong>
        <br />
        {latitude.toFixed(6)}, {longitude.toFixed(6)}
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      icon={<GpsOffIcon />}
      role="alert"
      data-testid="gps-status"
      action={
        state.status === 'unsupported' ? undefined : (
          <Button color="inherit" onClick={onRetry} sx={{ ...TAP, whiteSpace: 'nowrap' }}>
            Try again
          </Button>
        )
      }
    >
      {state.message}
    </Alert>
  );
}

// A device on small screens (/devices/:deviceId, ?type=1 for a remote device). A remote device needs the
// PIN kept in memory by the remote modal; without it (a reload, a shared link) the view resets.
import { DEVICE_TYPE } from '@cashdesk/contract';
import { useCallback } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { playerDismissed } from '../players';
import { DeviceDetailView } from './components/deferred-parts';
import { selectRemotePin, viewReset } from './devices-view-slice';
import { useInactivityReset } from '../../hooks/use-inactivity-reset';
import './devices.css';

export function DevicePage() {
  const { deviceId } = useParams();
  const [search] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const id = Number(deviceId);
  const type = search.get('type') === String(DEVICE_TYPE.remote) ? DEVICE_TYPE.remote : DEVICE_TYPE.regular;
  const pin = useAppSelector((s) => selectRemotePin(s, id));

  const exit = useCallback(() => {
    dispatch(viewReset());
    void navigate('/devices', { replace: true });
  }, [dispatch, navigate]);
  // Three minutes without activity: back to the list, and the served player forgotten (devices-page.tsx).
  const resetAfterInactivity = useCallback(() => {
    dispatch(playerDismissed());
    exit();
  }, [dispatch, exit]);
  useInactivityReset(resetAfterInactivity);

  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to="/devices" replace />;
  return (
    <div className="device-page">
      <DeviceDetailView
        key={`${type}:${id}`}
        id={id}
        type={type}
        pin={type === DEVICE_TYPE.remote ? pin : null}
        layout="page"
        onExit={exit}
      />
    </div>
  );
}

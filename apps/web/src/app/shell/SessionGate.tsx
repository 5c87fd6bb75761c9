import { Outlet } from '@tanstack/react-router';
import { useLockScreen } from '../../features/account/api/account.ts';
import { Suspense, lazy } from 'react';
import { useIdleLock } from '../../features/account/use-idle-lock.ts';
import { useAccount } from '../../lib/session.ts';

// Rarely shown: loaded when needed (the setup carries the QR code library).
const LockScreen = lazy(() =>
  import('../../features/account/components/LockScreen.tsx').then((m) => ({ default: m.LockScreen })),
);
const TwoStepRequiredPage = lazy(() =>
  import('../../features/account/components/TwoStepRequiredPage.tsx').then((m) => ({
    default: m.TwoStepRequiredPage,
  })),
);

/**
 * Between the session and every signed-in screen: the lock screen when the session is locked,
 * the two-step setup when administrators require it and it is missing, the app otherwise. The
 * screen locks itself after the idle time administrators set.
 */
export function SessionGate() {
  const account = useAccount();
  const lock = useLockScreen();
  const open = !account.locked && !account.twoStep.setupRequired;
  useIdleLock(open ? account.lockAfterMinutes : 0, () => lock.mutate(undefined));
  if (account.locked || account.twoStep.setupRequired)
    return <Suspense fallback={null}>{account.locked ? <LockScreen /> : <TwoStepRequiredPage />}</Suspense>;
  return <Outlet />;
}

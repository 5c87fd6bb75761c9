import { Outlet } from '@tanstack/react-router';
import { useLockScreen } from '../../features/account/api/account.ts';
import { LockScreen } from '../../features/account/components/LockScreen.tsx';
import { TwoStepRequiredPage } from '../../features/account/components/TwoStepRequiredPage.tsx';
import { useIdleLock } from '../../features/account/use-idle-lock.ts';
import { useAccount } from '../../lib/session.ts';

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
  if (account.locked) return <LockScreen />;
  if (account.twoStep.setupRequired) return <TwoStepRequiredPage />;
  return <Outlet />;
}

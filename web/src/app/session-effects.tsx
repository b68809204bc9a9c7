import { useMe } from '../shared/session';
import { useAlertNotices } from '../features/alerts';
import { useEscrowNotices } from '../features/escrow';
import { useNotificationNotices } from '../features/notifications';

/** Wherever the signed-in user is, their private events arrive: fired bid alerts and steps on their escrows. */
export default function SessionEffects() {
  const userId = useMe().data?.user?.id;
  useAlertNotices(userId);
  useEscrowNotices(userId);
  useNotificationNotices(userId);
  return null;
}

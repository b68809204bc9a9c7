// Notices: the header's bell and its list, the toast when one arrives, Watch buttons, email settings, the
// unsubscribe page and the admins' view of the development mail catcher.
export { NotificationBell } from './components/notification-bell';
export { WatchButton } from './components/watch-button';
export { NotificationSettingsPage } from './components/notification-settings-page';
export { UnsubscribePage } from './components/unsubscribe-page';
export { AdminMailPage } from './components/admin-mail-page';
export { useNotificationNotices } from './hooks/use-notification-notices';

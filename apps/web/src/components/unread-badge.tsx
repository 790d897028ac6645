import { Badge, VisuallyHidden } from '@mantine/core';
import { t } from '../lib/i18n';

/**
 * The unread-messages count beside a Messages link (spec 002 §2). Its text joins the link's name
 * ("Messages 2 unread"), so a screen reader hears the count too; nothing shows at zero.
 */
export function UnreadBadge({ count, testId = 'nav-unread-badge' }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  return (
    <Badge component="span" size="sm" ml={6} circle={count < 10} data-testid={testId}>
      <span aria-hidden>{count}</span>
      <VisuallyHidden>{t('messages.unreadCount', { count })}</VisuallyHidden>
    </Badge>
  );
}

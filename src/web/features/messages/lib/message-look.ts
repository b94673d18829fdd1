import { Hash, MessageSquare, User, Users } from 'lucide-react';

/** The platform badge's colours, on a card and on a compact row. */
export const platformBadgeClassName = {
  chatwork: 'bg-red-600',
  slack: 'bg-[#4A154B]',
} as const;

/** The icon before a message's place: a ChatWork room, a Slack channel, a direct message or a group. */
export const locationIcons = { room: MessageSquare, channel: Hash, dm: User, group: Users } as const;

import { createElement } from 'react';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { MessageCard, type MessageCardProps } from '../components/MessageCard.tsx';
import { renderRouter } from '../../../test/render-router.ts';

/** A card's props for `message`, with callbacks that do nothing unless a test passes its own. */
export function cardProps(message: UnifiedMessage, props: Partial<MessageCardProps> = {}): MessageCardProps {
  return {
    message,
    accountColor: '#EF4444',
    now: message.send_time + 60,
    selected: false,
    focused: false,
    activeTypes: [],
    onToggleSelected: () => undefined,
    onToggleType: () => undefined,
    onShowExpiry: () => undefined,
    allowed: () => true,
    hidden: false,
    fading: false,
    onHide: () => undefined,
    onUnhide: () => undefined,
    onEditTags: () => undefined,
    ...props,
  };
}

/** One message card on its own page. */
export function renderCard(message: UnifiedMessage, props: Partial<MessageCardProps> = {}) {
  return renderRouter([{ path: '/', element: createElement(MessageCard, cardProps(message, props)) }], '/');
}

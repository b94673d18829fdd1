import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `/dashboard?message=<platform>-<platform_message_id>` (the link a push notification opens, decision 159): the
 * parameter is dropped at once, so a reload or a later filter change does not jump back to it; once that message's
 * card is in the list, it is scrolled into view and focused. Cards arrive, and can be drawn again, as the accounts'
 * answers come in: while nothing else has taken the focus, the card that is drawn again gets it back. A message the
 * list does not show leaves the inbox as it is.
 */
/** How long the card is watched for: the accounts' first answers come within it. */
const WATCH_MS = 15_000;

export function useMessageFromUrl(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = searchParams.get('message');
  const [target, setTarget] = useState<string | null>(null);
  // Kept past the parameter's removal, adjusted while rendering.
  if (fromUrl && fromUrl !== target) setTarget(fromUrl);

  useEffect(() => {
    if (!fromUrl) return;
    setSearchParams(
      (params) => {
        params.delete('message');
        return params;
      },
      { replace: true },
    );
  }, [fromUrl, setSearchParams]);

  useEffect(() => {
    if (!target) return;
    const selector = `article[data-message-id="${CSS.escape(target)}"]`;
    let focused: HTMLElement | null = null;
    const reveal = () => {
      // Once the person moved the focus themselves, the card is theirs to leave.
      if (focused?.isConnected || (focused && document.activeElement !== document.body)) return;
      const article = document.querySelector<HTMLElement>(selector);
      if (!article) return;
      if (!focused) article.scrollIntoView?.({ block: 'center' });
      article.focus();
      focused = article;
    };
    reveal();
    const observer = new MutationObserver(reveal);
    observer.observe(document.body, { childList: true, subtree: true });
    // By then every account has answered or shown its progress; later drawing is the person's doing.
    const done = setTimeout(() => observer.disconnect(), WATCH_MS);
    return () => {
      clearTimeout(done);
      observer.disconnect();
    };
  }, [target]);
}

import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `/dashboard?message=<platform>-<platform_message_id>` (the link a push notification opens, decision 159): once that
 * message's card is in the list, it is scrolled into view and focused, and the parameter is dropped so a reload
 * or a later filter change does not jump back to it. A message the list does not show leaves the inbox as it is.
 */
export function useMessageFromUrl(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = searchParams.get('message');

  useEffect(() => {
    if (!id) return;
    const selector = `article[data-message-id="${CSS.escape(id)}"]`;
    const reveal = (): boolean => {
      const article = document.querySelector<HTMLElement>(selector);
      if (!article) return false;
      article.scrollIntoView?.({ block: 'center' });
      article.focus();
      setSearchParams(
        (params) => {
          params.delete('message');
          return params;
        },
        { replace: true },
      );
      return true;
    };
    if (reveal()) return;
    // The cards arrive with the accounts' answers: watch for this one.
    const observer = new MutationObserver(() => {
      if (reveal()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [id, setSearchParams]);
}

import { useEffect, useState, type ComponentType } from 'react';
import { fetchOnFirstInteraction, type ModalCode } from './modal-code.ts';

/**
 * A modal whose code comes when first wanted (docs/decisions/170); until then it renders nothing, as a closed modal
 * does anyway. Modals open from a dozen places (buttons, menu items, shortcuts, the address), so instead of each
 * opener fetching ahead as the menus' buttons do (decision 169), the code is fetched at the person's first pointer
 * move, touch, key or focus on the page: never while a screen loads for someone who has not touched it yet, and
 * before they can open anything. Opening a modal whose code has not come asks for it and shows the modal when it
 * arrives; if that fetch fails, the person's next click or key asks again while the modal is still wanted.
 */
export function LazyModal<P extends { open: boolean }>({
  code,
  modalProps,
}: {
  code: ModalCode<ComponentType<P>>;
  modalProps: P;
}) {
  const [Modal, setModal] = useState(() => code.loaded);
  const [attempt, setAttempt] = useState(0);
  const { open } = modalProps;

  useEffect(() => {
    fetchOnFirstInteraction(code);
  }, [code]);

  useEffect(() => {
    if (!open || Modal) return;
    let current = true;
    const askAgain = () => setAttempt((count) => count + 1);
    code.load().then(
      (loaded) => {
        if (current) setModal(() => loaded);
      },
      () => {
        if (!current) return;
        window.addEventListener('pointerdown', askAgain, { capture: true, once: true });
        window.addEventListener('keydown', askAgain, { capture: true, once: true });
      },
    );
    return () => {
      current = false;
      window.removeEventListener('pointerdown', askAgain, true);
      window.removeEventListener('keydown', askAgain, true);
    };
  }, [code, open, Modal, attempt]);

  return Modal ? <Modal {...modalProps} /> : null;
}

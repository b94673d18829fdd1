import type { Namespace, TFunction } from 'i18next';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n.ts';

/** Past this many answers a namespace's memory starts again: a page's cards need a few hundred. */
const MAX_ANSWERS = 2000;

/**
 * Each translator remembers its answers, for one language and one set of loaded strings: a page of cards asks for the
 * same few dozen strings (with the same senders and places) again and again, and i18next works each one out anew.
 */
const translators = new Map<string, TFunction>();
let loadedStrings = 0;
i18n.on('added', () => {
  loadedStrings += 1;
  translators.clear();
});

function rememberingTranslator(language: string, namespace: Namespace): TFunction {
  const key = `${language}\u0000${String(namespace)}\u0000${loadedStrings}`;
  const known = translators.get(key);
  if (known) return known;
  // Keys are checked where the translator is used (typed per namespace); here they are only passed on.
  const translate = i18n.getFixedT(language, namespace) as unknown as (
    key: string,
    options?: Record<string, unknown>,
  ) => unknown;
  const answers = new Map<string, string>();
  const remembering = (textKey: string, options?: Record<string, unknown>): string => {
    const id = options === undefined ? textKey : `${textKey}\u0000${JSON.stringify(options)}`;
    let answer = answers.get(id);
    if (answer === undefined) {
      if (answers.size >= MAX_ANSWERS) answers.clear();
      answer = String(translate(textKey, options));
      answers.set(id, answer);
    }
    return answer;
  };
  const translator = remembering as unknown as TFunction;
  translators.set(key, translator);
  return translator;
}

/** The language the texts below it are shown in; its change draws them again. */
const RepeatedTextLanguage = createContext<string | null>(null);

/**
 * Around a list whose items show the same texts many times (the inbox's cards): one subscription to the language for
 * the whole list instead of one per component of each item, which made drawing and removing a card costly
 * (docs/decisions/169).
 */
export function RepeatedTextScope({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  return <RepeatedTextLanguage value={instance.language}>{children}</RepeatedTextLanguage>;
}

/**
 * `t` for a namespace, for a component drawn many times inside a `RepeatedTextScope`: each answer is worked out
 * once per language. Only for plain strings (no `returnObjects`).
 */
export function useRepeatedText<N extends Namespace>(namespace: N): TFunction<N> {
  const language = useContext(RepeatedTextLanguage) ?? i18n.language;
  return rememberingTranslator(language, namespace) as TFunction<N>;
}

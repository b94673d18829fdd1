import type { Language } from './auth.ts';

type PageText = { title: string; description: string };
export type PageMeta = Record<Language, PageText>;

/**
 * Title and description of every page a search engine may index, in both languages. The server writes them into
 * the HTML it serves (crawlers read no scripts) and the web app sets them again on each navigation.
 */
export const PUBLIC_PAGE_META = {
  '/': {
    en: {
      title: 'One inbox for Slack and ChatWork | Matome',
      description:
        'Matome gathers your Slack and ChatWork mentions, direct messages and replies from every workspace into one inbox. The Free plan costs nothing.',
    },
    jp: {
      title: 'Slack と ChatWork のメンションをひとつの受信箱に | まとめ',
      description:
        'まとめは、複数の Slack ワークスペースと ChatWork アカウントのメンション、DM、返信をひとつの受信箱に集めます。フリープランは無料です。',
    },
  },
  '/about': {
    en: {
      title: 'About Matome | Matome',
      description:
        'Our mission and vision, and what Matome does: one inbox for mentions across Slack and ChatWork, without storing your messages.',
    },
    jp: {
      title: 'まとめについて | まとめ',
      description:
        'まとめのミッションとビジョン、そしてできること。メッセージを保存せずに、Slack と ChatWork のメンションをひとつの受信箱に集めます。',
    },
  },
  '/data-guide': {
    en: {
      title: 'Data guide | Matome',
      description:
        'The chat services Matome connects to (Slack and ChatWork today, more coming soon) and how connecting works in three steps.',
    },
    jp: {
      title: 'データガイド | まとめ',
      description:
        'まとめが接続できるチャットサービス（現在は Slack と ChatWork、その他は近日対応）と、3つのステップで行う接続方法をご案内します。',
    },
  },
  '/privacy-policy': {
    en: {
      title: 'Privacy policy | Matome',
      description:
        'What Matome collects, how long it is kept and how to have it deleted. Message content is never stored and tokens are encrypted.',
    },
    jp: {
      title: 'プライバシーポリシー | まとめ',
      description:
        'まとめが収集する情報、保存期間、削除の方法について。メッセージの本文は保存せず、トークンは暗号化して保管します。',
    },
  },
  '/commercial-transactions': {
    en: {
      title: 'Legal notice (Act on Specified Commercial Transactions) | Matome',
      description:
        'Seller information, prices (Pro $4.00, Pro Plus $9.99 per month), payment, delivery and cancellation terms for Matome.',
    },
    jp: {
      title: '特定商取引法に基づく表記 | まとめ',
      description:
        'まとめの販売事業者情報、販売価格（Pro 月額 $4.00、Pro Plus 月額 $9.99）、お支払い、引渡時期、キャンセルについて。',
    },
  },
  '/terms': {
    en: {
      title: 'Terms of service | Matome',
      description: 'The terms for using Matome: the service, fees, your rights and duties, and disclaimers.',
    },
    jp: {
      title: '利用規約 | まとめ',
      description: 'まとめのご利用条件。サービスの内容、料金、権利と義務、免責事項について定めています。',
    },
  },
  '/contact': {
    en: {
      title: 'Contact us | Matome',
      description: 'Questions, feedback or a request about your data: write to the Matome team.',
    },
    jp: {
      title: 'お問い合わせ | まとめ',
      description: 'ご質問、ご意見、データに関するご依頼は、まとめのチームまでお気軽にお問い合わせください。',
    },
  },
  '/pricing': {
    en: {
      title: 'Pricing | Matome',
      description:
        'Matome plans: Free, Pro and Pro Plus, with more connections and features. The Free plan costs nothing; paid plans are optional.',
    },
    jp: {
      title: '料金プラン | まとめ',
      description:
        'まとめの料金プラン（Free、Pro、Pro Plus）。接続数や機能をお選びいただけます。フリープランは無料で、有料プランは任意です。',
    },
  },
  '/login': {
    en: {
      title: 'Login | Matome',
      description: 'Log in to Matome with your e-mail address, Google or GitHub, or try the demo account.',
    },
    jp: {
      title: 'ログイン | まとめ',
      description:
        'メールアドレス、Google または GitHub でまとめにログインするか、デモアカウントをお試しください。',
    },
  },
  '/register': {
    en: {
      title: 'Create account | Matome',
      description: 'Create a free Matome account and gather your Slack and ChatWork mentions in one inbox.',
    },
    jp: {
      title: '新規登録 | まとめ',
      description:
        '無料でまとめのアカウントを作成し、Slack と ChatWork のメンションをひとつの受信箱に集めましょう。',
    },
  },
} as const satisfies Record<string, PageMeta>;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_META;

export function publicPageMeta(path: string): PageMeta | undefined {
  return Object.hasOwn(PUBLIC_PAGE_META, path) ? PUBLIC_PAGE_META[path as PublicPagePath] : undefined;
}

export { LANGUAGE_QUERY_PARAMETER } from './auth-constants.ts';

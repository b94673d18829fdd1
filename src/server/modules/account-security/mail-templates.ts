import type { Language } from '../../../contract/auth.ts';

const providerNames = { google: 'Google', github: 'GitHub' } as const;

type Content = { subject: string; text: string };

/** The texts of account e-mails in both languages; plain text only, so nothing a user typed can become markup. */
export const mailTemplates = {
  confirmRegistration: (language: Language, p: { name: string; link: string; hours: number }): Content =>
    language === 'jp'
      ? {
          subject: '【まとめ】メールアドレスのご確認',
          text: `${p.name}様\n\nまとめへのご登録ありがとうございます。\n以下のリンクを開いてメールアドレスを確認すると、登録が完了します（${p.hours}時間有効）。\n\n${p.link}\n\nお心当たりのない場合は、このメールを破棄してください。アカウントは作成されません。\n`,
        }
      : {
          subject: 'Confirm your email address for Matome',
          text: `Hello ${p.name},\n\nThank you for signing up for Matome.\nOpen this link to confirm your email address and finish creating your account (valid for ${p.hours} hours):\n\n${p.link}\n\nIf you did not sign up, ignore this email and no account will be created.\n`,
        },

  alreadyRegistered: (language: Language, p: { loginLink: string; resetLink: string }): Content =>
    language === 'jp'
      ? {
          subject: '【まとめ】このメールアドレスは登録済みです',
          text: `このメールアドレスでまとめへの新規登録が試みられましたが、すでにアカウントがあります。\n\nご本人の場合は、こちらからログインしてください:\n${p.loginLink}\n\nパスワードをお忘れの場合は、こちらから再設定できます:\n${p.resetLink}\n\nお心当たりのない場合は、このメールを破棄してください。アカウントは変更されていません。\n`,
        }
      : {
          subject: 'You already have a Matome account',
          text: `Someone tried to sign up for Matome with this email address, which already has an account.\n\nIf it was you, log in here:\n${p.loginLink}\n\nForgot your password? Reset it here:\n${p.resetLink}\n\nIf it was not you, ignore this email; your account has not changed.\n`,
        },

  confirmNewAddress: (language: Language, p: { name: string; link: string; hours: number }): Content =>
    language === 'jp'
      ? {
          subject: '【まとめ】新しいメールアドレスのご確認',
          text: `${p.name}様\n\nまとめのログイン用メールアドレスをこのアドレスに変更するには、以下のリンクを開いてください（${p.hours}時間有効）。\n\n${p.link}\n\nお心当たりのない場合は、このメールを破棄してください。\n`,
        }
      : {
          subject: 'Confirm your new email address for Matome',
          text: `Hello ${p.name},\n\nOpen this link to make this address the one you sign in to Matome with (valid for ${p.hours} hours):\n\n${p.link}\n\nIf you did not ask for this, ignore this email.\n`,
        },

  addressInUse: (language: Language): Content =>
    language === 'jp'
      ? {
          subject: '【まとめ】このメールアドレスはすでに使われています',
          text: 'まとめのアカウントのメールアドレスをこのアドレスに変更しようとしましたが、このアドレスは別のアカウントで使われています。\n\nお心当たりのない場合は、このメールを破棄してください。\n',
        }
      : {
          subject: 'This email address is already used on Matome',
          text: 'Someone asked to move a Matome account to this email address, but another account already uses it.\n\nIf it was not you, ignore this email.\n',
        },

  resetPassword: (language: Language, p: { name: string; link: string; minutes: number }): Content =>
    language === 'jp'
      ? {
          subject: '【まとめ】パスワードの再設定',
          text: `${p.name}様\n\nパスワード再設定のご依頼を承りました。以下のリンクから新しいパスワードを設定してください（${p.minutes}分間有効）。\n\n${p.link}\n\n再設定すると、すべての端末でログアウトされます。\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。\n`,
        }
      : {
          subject: 'Reset your Matome password',
          text: `Hello ${p.name},\n\nWe received a request to reset your password. Choose a new one here (valid for ${p.minutes} minutes):\n\n${p.link}\n\nResetting signs you out on every device.\nIf you did not ask for this, ignore this email and your password stays the same.\n`,
        },

  signInsUnlinked: (
    language: Language,
    p: { name: string; providers: readonly (keyof typeof providerNames)[] },
  ): Content => {
    const names = p.providers.map((provider) => providerNames[provider]);
    return language === 'jp'
      ? {
          subject: '【まとめ】Google・GitHub でのログインの連携を解除しました',
          text: `${p.name}様

まとめのメールアドレスの確認が完了しました。確認前のこのアカウントには ${names.join('・')} でのログインが連携されていましたが、メールアドレスを確認していない方による連携の可能性があるため、解除しました。以後、その ${names.join('・')} アカウントではこのアカウントにログインできません。

ご自身で連携していた場合は、${names.join('・')} 側でメールアドレスを確認したうえで、もう一度 ${names.join('・')} でログインしてください。このアカウントに連携されます。
`,
        }
      : {
          subject: 'We removed Google or GitHub sign-in from your Matome account',
          text: `Hello ${p.name},

Your email address on Matome is now confirmed. Before that, the account could be signed in to with ${names.join(' and ')}, linked by someone who had not proven the address, so we removed it: that ${names.join(' or ')} account can no longer sign in to yours.

If you linked it yourself, verify your address at ${names.join(' and ')} and sign in with it again; it will be linked to this account.
`,
        };
  },
};

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { apiError, json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { RegisterPage } from './RegisterPage.tsx';
import { AuthProvider } from './AuthProvider.tsx';

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/dashboard', element: <h1>Dashboard</h1> },
];

describe('RegisterPage', () => {
  it('explains the password rule and shows the failure with expandable details', async () => {
    await changeLanguage('jp');
    stubApi({
      'POST /api/auth/register': () => apiError(503, 'Service Unavailable', 'Mail is down'),
    });
    renderRouter(routes, '/register', { layout: AuthProvider });
    const user = userEvent.setup();

    const password = await screen.findByLabelText('パスワード');
    expect(password).toHaveAccessibleDescription(
      '8〜128文字で入力してください。よく使われるパスワードは使えません。複数の単語を並べると安全です',
    );
    expect(password).toHaveAttribute('minLength', '8');

    await user.type(screen.getByLabelText('お名前'), '山田 花子');
    await user.type(screen.getByLabelText('メールアドレス'), 'hanako@example.com');
    await user.type(password, 'secret-password');
    await user.click(screen.getByRole('button', { name: '登録する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('登録に失敗しました。');
    expect(alert.querySelector('details')).not.toHaveAttribute('open');
    await user.click(screen.getByText('詳細'));
    expect(screen.getByText('Mail is down')).toBeVisible();
  });

  it('asks the new user to confirm their address from the e-mail, in their language', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/register': () => json(202, { message: 'Check your inbox' }),
    });
    renderRouter(routes, '/register', { layout: AuthProvider });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Name'), 'Demo User');
    await user.type(screen.getByLabelText('Email address'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(screen.getByText(/We sent an email to new@example\.com/)).toBeVisible();
    const registerCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/register');
    expect(JSON.parse(String(registerCall?.[1]?.body))).toEqual({
      name: 'Demo User',
      email: 'new@example.com',
      password: 'secret-password',
      language: 'en',
    });
    expect(accessTokenStore.get()).toBeNull();
  });

  it('says why a common password was refused', async () => {
    stubApi({
      'POST /api/auth/register': () =>
        json(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'body.password: this password is too common',
          code: 'PASSWORD_TOO_COMMON',
        }),
    });
    renderRouter(routes, '/register', { layout: AuthProvider });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'N');
    await user.type(screen.getByLabelText('Email address'), 'n@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is too common or easy to guess. Please choose another.',
    );
  });
});

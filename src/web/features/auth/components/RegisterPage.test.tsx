import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { tokenStorage } from '../../../lib/token-storage.ts';
import { apiError, demoUser, fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
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
      'POST /api/auth/register': () => apiError(409, 'Conflict', 'Email already registered'),
    });
    renderRouter(routes, '/register', { layout: AuthProvider });
    const user = userEvent.setup();

    const password = screen.getByLabelText('パスワード');
    expect(password).toHaveAccessibleDescription('6文字以上で入力してください');
    expect(password).toHaveAttribute('minLength', '6');

    await user.type(screen.getByLabelText('お名前'), '山田 花子');
    await user.type(screen.getByLabelText('メールアドレス'), 'hanako@example.com');
    await user.type(password, 'secret-password');
    await user.click(screen.getByRole('button', { name: '登録する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('登録に失敗しました。');
    expect(alert.querySelector('details')).not.toHaveAttribute('open');
    await user.click(screen.getByText('詳細'));
    expect(screen.getByText('Email already registered')).toBeVisible();
  });

  it('signs the new user in and opens the dashboard', async () => {
    const tokens = { accessToken: fakeAccessToken(24 * 60 * 60), refreshToken: 'refresh-1' };
    const fetchMock = stubApi({ 'POST /api/auth/register': () => json(201, { user: demoUser, tokens }) });
    renderRouter(routes, '/register', { layout: AuthProvider });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Name'), 'Demo User');
    await user.type(screen.getByLabelText('Email address'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(
      '{"name":"Demo User","email":"new@example.com","password":"secret-password"}',
    );
    expect(tokenStorage.getAccessToken()).toBe(tokens.accessToken);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { accessTokenStore } from '../../../lib/token-storage.ts';
import { apiError, demoUser, fakeAccessToken, json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { AuthProvider } from './AuthProvider.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';
import { VerifyEmailPage } from './VerifyEmailPage.tsx';

const routes = [
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/dashboard', element: <h1>Dashboard</h1> },
];

const invalidLink = () =>
  json(400, {
    statusCode: 400,
    error: 'Bad Request',
    message: 'This link has expired or was already used.',
    code: 'INVALID_LINK',
  });

describe('the confirmation link page', () => {
  it('sends the token from the fragment once, then signs the new user in and opens the inbox', async () => {
    const accessToken = fakeAccessToken(15 * 60);
    const fetchMock = stubApi({
      'POST /api/auth/verify-email': () => json(200, { user: demoUser, tokens: { accessToken } }),
    });
    renderRouter(routes, '/verify-email#token=abc_DEF-123', { layout: AuthProvider });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const calls = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/verify-email');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.body).toBe('{"token":"abc_DEF-123"}');
    expect(accessTokenStore.get()).toBe(accessToken);
  });

  it('says an address change is confirmed', async () => {
    stubApi({ 'POST /api/auth/verify-email': () => json(200, { user: demoUser }) });
    renderRouter(routes, '/verify-email#token=abc', { layout: AuthProvider });
    expect(await screen.findByText('Your email address is confirmed.')).toBeVisible();
  });

  it('explains an expired or used link in Japanese', async () => {
    await changeLanguage('jp');
    stubApi({ 'POST /api/auth/verify-email': invalidLink });
    renderRouter(routes, '/verify-email#token=used', { layout: AuthProvider });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'このリンクは有効期限が切れているか、すでに使用されています。',
    );
  });
});

describe('forgot password', () => {
  it('asks for a link in the page’s language and answers without saying whether the account exists', async () => {
    await changeLanguage('jp');
    const fetchMock = stubApi({
      'POST /api/auth/password-reset/request': () => json(202, { message: 'sent' }),
    });
    renderRouter(routes, '/forgot-password', { layout: AuthProvider });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('メールアドレス'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: '再設定用のリンクを送る' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'someone@example.com のアカウントがある場合は、パスワード再設定用のリンクをお送りしました。',
    );
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/password-reset/request');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'someone@example.com', language: 'jp' });
  });
});

describe('reset password', () => {
  it('sets the new password with the link’s token and points to the login', async () => {
    const fetchMock = stubApi({ 'POST /api/auth/password-reset': () => json(204) });
    renderRouter(routes, '/reset-password#token=reset-token', { layout: AuthProvider });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/password-reset');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      token: 'reset-token',
      password: 'a new passphrase',
    });
  });

  it('keeps the form for a refused password, and offers a new link for a used one', async () => {
    let answer = () => apiError(400, 'Bad Request', 'body.password: too common') as Response;
    stubApi({
      'POST /api/auth/password-reset': () => answer(),
    });
    renderRouter(routes, '/reset-password#token=t', { layout: AuthProvider });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password could not be changed.');

    answer = invalidLink;
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('link', { name: 'Get a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

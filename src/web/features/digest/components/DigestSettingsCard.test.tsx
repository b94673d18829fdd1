import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { DigestSettingsCard } from './DigestSettingsCard.tsx';

afterEach(() => changeLanguage('en'));

describe('DigestSettingsCard', () => {
  it('starts off at 08:30 in the browser’s zone and saves the choice with the page’s language', async () => {
    await changeLanguage('jp');
    let saved: unknown;
    stubApi({
      'GET /api/digest/settings': () => json(200, { enabled: false, time: '08:30', time_zone: null }),
      'PUT /api/digest/settings': (init) => {
        saved = JSON.parse(String(init?.body));
        const { language: _language, ...settings } = saved as Record<string, unknown>;
        return json(200, settings);
      },
    });
    renderRouter([{ path: '/account', element: <DigestSettingsCard /> }], '/account');

    const card = await screen.findByRole('region', { name: '朝のダイジェスト' });
    const enabled = await within(card).findByRole('checkbox', { name: '朝のダイジェストをメールで受け取る' });
    expect(enabled).not.toBeChecked();
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(within(card).getByLabelText('タイムゾーン')).toHaveValue(browserZone);
    expect(within(card).getByLabelText('時刻')).toHaveValue('08:30');

    await userEvent.click(enabled);
    await userEvent.click(within(card).getByRole('button', { name: 'ダイジェストの設定を保存' }));
    expect(
      await screen.findByText('未対応のものがある日の 08:30 に朝のダイジェストをお送りします。'),
    ).toBeTruthy();
    expect(saved).toEqual({ enabled: true, time: '08:30', time_zone: browserZone, language: 'jp' });
  });
});

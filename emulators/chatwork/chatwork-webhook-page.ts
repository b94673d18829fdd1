import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../core/emulator-server.ts';
import { escapeHtml, renderPage } from '../core/consent-page.ts';
import type { ChatworkStore } from './chatwork-store.ts';
import { createWebhookSetting, type ChatworkWebhookSetting } from './chatwork-webhooks.ts';

/**
 * ChatWork's webhook settings page (Integrations → Webhook), where a user creates an account webhook and is shown
 * its token; the path is ChatWork's, so an app's link to it lands here in the sandbox. Only account webhooks with
 * "Mention to me" can be created; editing and deleting are left to the control API.
 */
export const WEBHOOK_SETTINGS_PATH = '/service/packages/chatwork/subpackages/webhook/list.php';

type Outcome = { created: ChatworkWebhookSetting } | { error: string } | undefined;

function render(store: ChatworkStore, outcome: Outcome, form: Record<string, string> = {}): string {
  const options = store
    .allAccounts()
    .map(
      (account) =>
        `<option value="${account.account_id}"${form.account === String(account.account_id) ? ' selected' : ''}>${escapeHtml(account.name)} (${account.account_id})</option>`,
    )
    .join('');
  const message =
    outcome === undefined
      ? ''
      : 'error' in outcome
        ? `<p role="alert">${escapeHtml(outcome.error)}</p>`
        : `<p role="status">Webhook “${escapeHtml(outcome.created.name)}” created. Its token: <code id="created-token">${escapeHtml(outcome.created.token)}</code></p>`;
  const rows = store.webhookSettings
    .map(
      (setting) =>
        `<li><strong>${escapeHtml(setting.name || setting.webhook_setting_id)}</strong> for ${escapeHtml(store.account(setting.account_id)?.name ?? '')}: ${escapeHtml(setting.url)}<br>Token: <code>${escapeHtml(setting.token)}</code></li>`,
    )
    .join('');
  return renderPage(
    'ChatWork: Webhook',
    `<h1>Webhook</h1>${message}
<form method="post" action="${WEBHOOK_SETTINGS_PATH}">
<h2>Create new</h2>
<label for="account">Sign in as</label><select id="account" name="account">${options}</select>
<label for="name">Webhook name</label><input id="name" name="name" value="${escapeHtml(form.name ?? '')}">
<label for="url">Webhook URL</label><input id="url" name="url" type="url" value="${escapeHtml(form.url ?? '')}">
<fieldset><legend>Event</legend>
<p><label><input type="radio" name="event" value="account" checked> Account event</label></p>
<p><label><input type="checkbox" name="mention_to_me"${form.mention_to_me ? ' checked' : ''}> Mention to me</label></p>
</fieldset>
<div class="actions"><button type="submit">Create</button></div></form>
<h2>Webhooks</h2>${rows ? `<ul>${rows}</ul>` : '<p>None yet.</p>'}
<p class="note">Local ChatWork emulator: no real account is used.</p>`,
  );
}

export function chatworkWebhookPageRoutes(
  app: FastifyInstance,
  context: EmulatorContext<ChatworkStore>,
): void {
  app.get(WEBHOOK_SETTINGS_PATH, async (_request, reply) =>
    reply.type('text/html').send(render(context.state(), undefined)),
  );

  app.post(WEBHOOK_SETTINGS_PATH, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const store = context.state();
    if (form.mention_to_me !== 'on') {
      const error = 'Choose the events to notify: tick “Mention to me”.';
      return reply
        .code(400)
        .type('text/html')
        .send(render(store, { error }, form));
    }
    const created = createWebhookSetting(store, {
      account_id: Number(form.account),
      name: form.name ?? '',
      url: form.url ?? '',
    });
    if (!created.ok) {
      return reply
        .code(created.status)
        .type('text/html')
        .send(render(store, { error: created.message }, form));
    }
    return reply.type('text/html').send(render(store, { created: created.setting }));
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { redirectWith, renderConsentPage, renderErrorPage, type ConsentAccount } from './consent-page.ts';
import type { EmulatorContext } from './emulator-server.ts';

type Params = Record<string, string | undefined>;

export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
}

export interface ConsentFlow<Request extends ConsentRequest> {
  path: string;
  provider: string;
  /** The authorize parameters checked, or the error page's text. */
  validate(params: Params): Request | { error: string };
  appName(request: Request): string;
  /** Who may sign in; `id` is what `approveAs` names. */
  accounts(request: Request): (ConsentAccount & { id: string })[];
  /**
   * Scopes the person may untick (Google's granular consent); the page shows them as ticked boxes and the code is
   * issued for the request's scopes less the unticked ones.
   */
  optionalScopes?(request: Request): string[];
  /** Issues a code for the chosen account (its `value`), or undefined when that is not a valid choice. */
  issueCode(request: Request, account: string): string | undefined;
}

function paramsOf(value: unknown): Params {
  return value && typeof value === 'object' ? (value as Params) : {};
}

/**
 * The consent page both providers show: GET renders the scopes and a "Sign in as" choice (or approves at once
 * when the control API says so); the form posts back with Allow or Deny and the user is redirected with a code
 * or `error=access_denied`, always with the state.
 */
export function consentRoutes<Request extends ConsentRequest>(
  app: FastifyInstance,
  context: EmulatorContext<unknown>,
  flow: ConsentFlow<Request>,
): void {
  const errorPage = (reply: FastifyReply, message: string) =>
    reply.code(400).type('text/html').send(renderErrorPage(flow.provider, message));

  function approve(reply: FastifyReply, request: Request, account: string) {
    const code = flow.issueCode(request, account);
    if (!code) return errorPage(reply, 'Choose an account to sign in as.');
    return reply.redirect(redirectWith(request.redirectUri, { code, state: request.state }), 302);
  }

  app.get(flow.path, async (incoming, reply) => {
    const query = paramsOf(incoming.query);
    const request = flow.validate(query);
    if ('error' in request) return errorPage(reply, request.error);
    const accounts = flow.accounts(request);
    if (context.settings.autoApprove) {
      const chosen = accounts.find((account) => account.id === context.settings.approveAs) ?? accounts[0];
      return approve(reply, request, chosen?.value ?? '');
    }
    return reply.type('text/html').send(
      renderConsentPage({
        provider: flow.provider,
        appName: flow.appName(request),
        scopes: request.scopes,
        optionalScopes: flow.optionalScopes?.(request) ?? [],
        accounts,
        action: flow.path,
        fields: Object.fromEntries(
          Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ),
      }),
    );
  });

  app.post(flow.path, async (incoming, reply) => {
    const form = paramsOf(incoming.body);
    const request = flow.validate(form);
    if ('error' in request) return errorPage(reply, request.error);
    if (form.decision !== 'allow') {
      return reply.redirect(
        redirectWith(request.redirectUri, { error: 'access_denied', state: request.state }),
        302,
      );
    }
    const optional = flow.optionalScopes?.(request) ?? [];
    const unticked = optional.filter((_scope, index) => form[`grant.${index}`] !== 'on');
    const scopes = request.scopes.filter((scope) => !unticked.includes(scope));
    return approve(reply, { ...request, scopes }, form.account ?? '');
  });
}

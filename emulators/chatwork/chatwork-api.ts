import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../core/emulator-server.ts';
import type { AccessToken, ChatworkStore } from './chatwork-store.ts';
import { announceMessage } from './chatwork-webhooks.ts';

const requestsPerWindow = 300;
const rateLimitWindowMs = 5 * 60 * 1000;
const maxMessageLength = 65_535;

const iconPresets = new Set([
  'group',
  'check',
  'document',
  'meeting',
  'event',
  'project',
  'business',
  'study',
  'security',
  'star',
  'idea',
  'heart',
  'magcup',
  'beer',
  'music',
  'sports',
  'travel',
]);

/** Scopes that allow each kind of call: the specific scope or one of the umbrella scopes containing it. */
const scopesFor = {
  me: ['users.all:read', 'users.profile.me:read'],
  roomInfo: ['rooms.all:read_write', 'rooms.all:read', 'rooms.info:read'],
  readMessages: ['rooms.all:read_write', 'rooms.all:read', 'rooms.messages:read'],
  writeMessages: ['rooms.all:read_write', 'rooms.all:write', 'rooms.messages:write'],
  createRoom: ['rooms.all:read_write', 'rooms.all:write', 'rooms:write'],
} as const;

type Params = Record<string, string | undefined>;

export function chatworkErrors(...errors: string[]) {
  return { errors };
}

interface Caller extends AccessToken {
  token: string;
}

function formBody(request: FastifyRequest): Params {
  // Since 2025 ChatWork reads POST and PUT parameters only from a form body, never from JSON or the query.
  const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
  return form ? ((request.body ?? {}) as Params) : {};
}

export function chatworkApiRoutes(app: FastifyInstance, context: EmulatorContext<ChatworkStore>): void {
  /** Authenticates, counts the call against the token's budget and checks scope; undefined once it has replied. */
  function authorize(
    request: FastifyRequest,
    reply: FastifyReply,
    scopes: readonly string[],
  ): Caller | undefined {
    const store = context.state();
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const apiToken = request.headers['x-chatworktoken'];
    const token = bearer ?? (typeof apiToken === 'string' ? apiToken : undefined);
    const found = token ? store.accessToken(token) : undefined;
    if (!token || !found) {
      if (bearer) {
        void reply.header(
          'www-authenticate',
          'Bearer error="invalid_token", error_description="The access token is invalid"',
        );
      }
      void reply.code(401).send(chatworkErrors('Invalid API token'));
      return undefined;
    }
    if (found.expiresAtMs !== undefined && context.clock.now() >= found.expiresAtMs) {
      void reply
        .code(401)
        .header(
          'www-authenticate',
          'Bearer error="invalid_token", error_description="The access token expired"',
        )
        .send(chatworkErrors('The access token expired'));
      return undefined;
    }
    if (context.settings.rateLimits) {
      // Counted per account, every token of it together: the stricter reading of an undocumented scope.
      const decision = context.limiter.hit(
        `account:${found.accountId}`,
        requestsPerWindow,
        rateLimitWindowMs,
        context.clock.now(),
      );
      void reply.headers({
        'x-ratelimit-limit': String(decision.limit),
        'x-ratelimit-remaining': String(decision.remaining),
        'x-ratelimit-reset': String(Math.ceil(decision.resetAtMs / 1000)),
      });
      if (!decision.allowed) {
        void reply.code(429).send(chatworkErrors('Rate limit exceeded'));
        return undefined;
      }
    }
    if (!scopes.some((scope) => found.scopes.includes(scope))) {
      void reply
        .code(403)
        .header('www-authenticate', `Bearer error="insufficient_scope", scope="${scopes.at(-1)}"`)
        .send(chatworkErrors('Insufficient scope'));
      return undefined;
    }
    return { ...found, token };
  }

  function roomOr404(reply: FastifyReply, roomIdText: string, accountId: number) {
    const view = /^\d+$/.test(roomIdText)
      ? context.state().roomFor(Number(roomIdText), accountId)
      : undefined;
    if (!view) void reply.code(404).send(chatworkErrors('Room not found'));
    return view;
  }

  app.get('/v2/me', async (request, reply) => {
    const caller = authorize(request, reply, scopesFor.me);
    if (!caller) return reply;
    const store = context.state();
    const account = store.account(caller.accountId);
    const myChat = store.roomsFor(caller.accountId).find((room) => room.type === 'my');
    return {
      account_id: caller.accountId,
      room_id: myChat?.room_id ?? 0,
      name: account?.name ?? '',
      chatwork_id: account?.chatwork_id ?? '',
      organization_id: account?.organization_id ?? 0,
      organization_name: account?.organization_name ?? '',
      department: account?.department ?? '',
      title: account?.title ?? '',
      url: '',
      introduction: account?.introduction ?? '',
      mail: account?.mail ?? '',
      tel_organization: '',
      tel_extension: '',
      tel_mobile: '',
      skype: '',
      facebook: '',
      twitter: '',
      avatar_image_url: store.avatarOf(caller.accountId),
      login_mail: account?.mail ?? '',
    };
  });

  app.get('/v2/rooms', async (request, reply) => {
    const caller = authorize(request, reply, scopesFor.roomInfo);
    if (!caller) return reply;
    return context.state().roomsFor(caller.accountId);
  });

  app.post('/v2/rooms', async (request, reply) => {
    const caller = authorize(request, reply, scopesFor.createRoom);
    if (!caller) return reply;
    const store = context.state();
    const form = formBody(request);
    if (!form.name) return reply.code(400).send(chatworkErrors("Parameter 'name' is required"));
    if (form.name.length > 255) return reply.code(400).send(chatworkErrors("Parameter 'name' is too long"));
    if (!form.members_admin_ids)
      return reply.code(400).send(chatworkErrors("Parameter 'members_admin_ids' is required"));
    if (form.icon_preset && !iconPresets.has(form.icon_preset)) {
      return reply.code(400).send(chatworkErrors("Invalid value for 'icon_preset'"));
    }
    const roles = [
      ['admin', form.members_admin_ids],
      ['member', form.members_member_ids],
      ['readonly', form.members_readonly_ids],
    ] as const;
    const members = roles.flatMap(([role, ids]) =>
      (ids ?? '')
        .split(',')
        .filter(Boolean)
        .map((id) => ({ account_id: Number(id.trim()), role })),
    );
    const unknown = members.find(
      (member) => !Number.isInteger(member.account_id) || !store.account(member.account_id),
    );
    if (unknown) return reply.code(400).send(chatworkErrors('Invalid account id in members'));
    if (!members.some((member) => member.role === 'admin' && member.account_id === caller.accountId)) {
      return reply.code(400).send(chatworkErrors("'members_admin_ids' must include your own account"));
    }
    const roomId = store.createRoom({
      name: form.name,
      type: 'group',
      description: form.description,
      icon_path: form.icon_preset
        ? `https://appdata.chatwork.com/icon/ico_${form.icon_preset}.png`
        : undefined,
      members,
    });
    return { room_id: roomId };
  });

  app.get('/v2/rooms/:roomId', async (request, reply) => {
    const caller = authorize(request, reply, scopesFor.roomInfo);
    if (!caller) return reply;
    const view = roomOr404(reply, (request.params as { roomId: string }).roomId, caller.accountId);
    if (!view) return reply;
    return { ...view.room, description: view.description };
  });

  app.get('/v2/rooms/:roomId/messages', async (request, reply) => {
    const caller = authorize(request, reply, scopesFor.readMessages);
    if (!caller) return reply;
    const view = roomOr404(reply, (request.params as { roomId: string }).roomId, caller.accountId);
    if (!view) return reply;
    const force = (request.query as Params).force ?? '0';
    if (force !== '0' && force !== '1')
      return reply.code(400).send(chatworkErrors("Invalid value for 'force'"));
    const store = context.state();
    const messages = store.latestMessages(view.room.room_id, caller.token, force === '0');
    if (messages.length === 0) return reply.code(204).send();
    return messages.map((message) => store.messageView(message));
  });

  app.post('/v2/rooms/:roomId/messages', async (request, reply) => {
    const caller = authorize(request, reply, scopesFor.writeMessages);
    if (!caller) return reply;
    const view = roomOr404(reply, (request.params as { roomId: string }).roomId, caller.accountId);
    if (!view) return reply;
    const form = formBody(request);
    if (!form.body) return reply.code(400).send(chatworkErrors("Parameter 'body' is required"));
    if (form.body.length > maxMessageLength)
      return reply.code(400).send(chatworkErrors("Parameter 'body' is too long"));
    if (form.self_unread !== undefined && form.self_unread !== '0' && form.self_unread !== '1') {
      return reply.code(400).send(chatworkErrors("Invalid value for 'self_unread'"));
    }
    if (view.room.role === 'readonly') {
      return reply.code(403).send(chatworkErrors("You don't have permission to send messages in this room"));
    }
    const messageId = context
      .state()
      .postMessage(view.room.room_id, caller.accountId, form.body, context.clock.nowSeconds());
    announceMessage(context, view.room.room_id, messageId);
    return { message_id: messageId };
  });

  app.get('/v2/rooms/:roomId/messages/:messageId', async (request, reply) => {
    const caller = authorize(request, reply, scopesFor.readMessages);
    if (!caller) return reply;
    const params = request.params as { roomId: string; messageId: string };
    const view = roomOr404(reply, params.roomId, caller.accountId);
    if (!view) return reply;
    const message = context.state().message(view.room.room_id, params.messageId);
    if (!message) return reply.code(404).send(chatworkErrors('Message not found'));
    return context.state().messageView(message);
  });
}

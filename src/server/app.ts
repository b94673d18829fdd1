import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Language } from '../contract/auth.ts';
import { isLoopbackUrl, type Settings } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { platforms } from '../contract/messages.ts';
import { configureConnectors } from './connectors/configure-connectors.ts';
import { createMemoryCache, type Cache } from './lib/cache.ts';
import { memoryLimiters, redisLimiters } from './lib/limiters.ts';
import { projectRoot } from './lib/project-root.ts';
import { openRedis } from './lib/redis.ts';
import { createRedisCache } from './lib/redis-cache.ts';
import { createRedisLock } from './lib/redis-lock.ts';
import { createRedisLiveEvents } from './lib/redis-live-events.ts';
import { createRedisRevocationChannel } from './modules/sessions/redis-revocation-channel.ts';
import { createInProcessLiveEvents, type LiveEvents } from './lib/live-events.ts';
import { createInProcessScheduler } from './lib/scheduler.ts';
import { createQueueScheduler } from './lib/queue-scheduler.ts';
import { createGatheringJobs } from './modules/gathering/gathering-jobs.ts';
import { createStreamTickets } from './modules/live/event-stream.service.ts';
import { eventStreamRoutes } from './modules/live/event-stream.routes.ts';
import { createChatworkWebhooksService } from './modules/live/chatwork-webhooks.service.ts';
import {
  chatworkWebhookRoutes,
  chatworkWebhookTokenRoutes,
} from './modules/live/chatwork-webhooks.routes.ts';
import { createLiveRepo } from './modules/live/live.repo.ts';
import { createSlackIntake } from './modules/slack-intake/slack-intake.ts';
import { slackEventsRoutes } from './modules/slack-intake/slack-events.routes.ts';
import { createTokenCipher } from './lib/token-cipher.ts';
import { createConnectionsRepo } from './modules/connections/connections.repo.ts';
import { connectionsRoutes } from './modules/connections/connections.routes.ts';
import { createConnectionsService } from './modules/connections/connections.service.ts';
import { createProviderCalls } from './modules/connections/provider-calls.ts';
import { createOAuthFlowsRepo } from './modules/oauth-flows/oauth-flows.repo.ts';
import { createOAuthFlowsService } from './modules/oauth-flows/oauth-flows.service.ts';
import type { Secrets } from './lib/secrets.ts';
import { createAccessTokens } from './modules/auth/access-tokens.ts';
import { createMailer } from './lib/mailer.ts';
import { accountSecurityRoutes } from './modules/account-security/account-security.routes.ts';
import { createAccountSecurityService } from './modules/account-security/account-security.service.ts';
import { createEmailTokensRepo } from './modules/account-security/email-tokens.repo.ts';
import { createAuthCookies } from './modules/auth/auth-cookies.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLoginThrottle } from './modules/auth/login-throttle.ts';
import { createSessionsRepo } from './modules/sessions/sessions.repo.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { createHiddenMessagesRepo } from './modules/hidden-messages/hidden-messages.repo.ts';
import { hiddenMessagesRoutes } from './modules/hidden-messages/hidden-messages.routes.ts';
import { createHiddenMessagesService } from './modules/hidden-messages/hidden-messages.service.ts';
import { createTriageRepo } from './modules/triage/triage.repo.ts';
import { createRepliesAwaitedRepo } from './modules/replies-awaited/replies-awaited.repo.ts';
import { repliesAwaitedRoutes } from './modules/replies-awaited/replies-awaited.routes.ts';
import { createRepliesAwaitedService } from './modules/replies-awaited/replies-awaited.service.ts';
import { triageRoutes } from './modules/triage/triage.routes.ts';
import { createTriageService } from './modules/triage/triage.service.ts';
import { createDigest } from './modules/digest/digest.ts';
import { digestRoutes } from './modules/digest/digest.routes.ts';
import type { DigestService } from './modules/digest/digest.service.ts';
import { createHealthRepo } from './modules/health/health.repo.ts';
import { createMetrics } from './modules/metrics/metrics.ts';
import { registerMetrics } from './modules/metrics/metrics.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createReadiness } from './modules/health/readiness.ts';
import { createConnectedMessageSource } from './modules/messages/connected-message-source.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { buildSampleTagCatalogue } from './modules/messages/sample-data/sample-tag-catalogue.ts';
import { createSampleMessageSource } from './modules/messages/sample-message-source.ts';
import { createSavedViewsRepo } from './modules/saved-views/saved-views.repo.ts';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes.ts';
import { createSavedViewsService } from './modules/saved-views/saved-views.service.ts';
import { createTagsRepo } from './modules/tags/tags.repo.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { createRulesRepo } from './modules/rules/rules.repo.ts';
import { rulesRoutes } from './modules/rules/rules.routes.ts';
import { createRulesService } from './modules/rules/rules.service.ts';
import { createPushNotifications } from './modules/push-notifications/push-notifications.ts';
import { createTagsService, type SampleTagCatalogue } from './modules/tags/tags.service.ts';
import { createAccountRepo } from './modules/account/account.repo.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { createAccountStatsRepo } from './modules/account/account-stats.repo.ts';
import { createAccountStatsService } from './modules/account/account-stats.service.ts';
import { createStripeBilling } from './connectors/stripe/stripe-client.ts';
import { createBillingRepo } from './modules/billing/billing.repo.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createOnboardingRepo } from './modules/onboarding/onboarding.repo.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { createOnboardingService } from './modules/onboarding/onboarding.service.ts';
import { createTestModeRepo } from './modules/test-mode/test-mode.repo.ts';
import { testModeRoutes } from './modules/test-mode/test-mode.routes.ts';
import { createTestModeService } from './modules/test-mode/test-mode.service.ts';
import { createSocialSignInRepo } from './modules/social-sign-in/social-sign-in.repo.ts';
import { socialSignInRoutes } from './modules/social-sign-in/social-sign-in.routes.ts';
import { createSocialSignInService } from './modules/social-sign-in/social-sign-in.service.ts';
import { createSignInFlowsRepo } from './modules/oauth-flows/sign-in-flows.repo.ts';
import { createSignInFlows } from './modules/oauth-flows/sign-in-flows.service.ts';
import { createGoogleApi } from './connectors/google/google-api.ts';
import { createGoogleWorkspaceRepo } from './modules/google-workspace/google-workspace.repo.ts';
import { googleWorkspaceRoutes } from './modules/google-workspace/google-workspace.routes.ts';
import { createGoogleWorkspaceService } from './modules/google-workspace/google-workspace.service.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerAuthentication } from './plugins/authentication.ts';
import { cookiesAreSecure, registerCookies } from './plugins/cookies.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerGracefulClose } from './plugins/graceful-close.ts';
import { lazyChildLoggerFactory, loggerOptions } from './plugins/logging.ts';
import {
  contentSecurityPolicy,
  pageContentSecurityPolicy,
  registerSecurityHeaders,
} from './plugins/security-headers.ts';
import { createPageHtml, registerSitemap } from './plugins/page-meta.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerWriteRateLimit } from './plugins/write-rate-limit.ts';

const packageJson = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
  version: string;
};
export const appVersion = packageJson.version;

export type AppOptions = {
  settings: Settings;
  secrets: Secrets;
  /** An already-open database; by default one is opened from the settings and closed with the app. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The cache for gathered messages; by default Redis when REDIS_URL is set, else an in-memory one. */
  cache?: Cache;
  /** Runs background jobs from the queues (a worker process, `npm run worker`); only with REDIS_URL. */
  runJobs?: boolean;
  /** Where live events are published and subscribed; by default a hub in this process. */
  liveEvents?: LiveEvents;
  /** Milliseconds since the epoch; by default the system's clock. */
  clock?: () => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The morning digest, for operators' scripts and tests to run its job at once (`digest.runDue()`). */
    digest: DigestService;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { settings, secrets } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(settings.LOG_LEVEL),
    genReqId: () => randomUUID(),
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: settings.TRUST_PROXY,
    // A request must arrive within these limits however slowly it trickles in (a slow client holds a socket);
    // Node checks them on an interval, so the interval is kept well under the limits.
    requestTimeout: settings.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: settings.HEADERS_TIMEOUT_MS,
      requestTimeout: settings.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1_000, Math.floor(settings.HEADERS_TIMEOUT_MS / 2)),
    },
    // Message ids travel in paths (tags of a message) and may be 200 characters long.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerGracefulClose(app);
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  const metrics = createMetrics({
    processFigures: settings.METRICS_TOKEN !== undefined,
    clock: options.clock,
  });
  registerMetrics(app, metrics, {
    token: settings.METRICS_TOKEN,
    port: settings.METRICS_PORT,
    host: settings.HOST,
  });

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const redis = settings.REDIS_URL
    ? await openRedis(settings.REDIS_URL, settings.REDIS_KEY_PREFIX)
    : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  const limiters = redis ? redisLimiters(redis.commands, redis.prefix) : memoryLimiters;

  const clock = options.clock ?? (() => Date.now());
  const sessionsService = createSessionsService({
    repo: createSessionsRepo(database.db),
    clock,
    isShared: (userId) => testModeService.isDemo(userId),
    ...(redis
      ? {
          revocations: createRedisRevocationChannel({
            publisher: redis.commands,
            subscriber: redis.subscriber,
            channel: `${redis.prefix}session-revocations`,
            onError: (error) => app.log.error({ err: error }, 'session revocation channel failed'),
          }),
        }
      : {}),
  });
  const loginThrottle = createLoginThrottle(
    clock,
    undefined,
    redis ? { redis: redis.commands, prefix: redis.prefix } : undefined,
  );
  const authService = createAuthService({
    repo: createAuthRepo(database.db),
    accessTokens: createAccessTokens(secrets.jwtSecret),
    sessions: sessionsService,
    throttle: loginThrottle,
    clock,
  });
  await authService.ensureDemoAccounts(settings.DEMO_ACCOUNTS, settings.DEMO_PASSWORD);
  const secureCookies = cookiesAreSecure(settings.PUBLIC_URL);
  const authCookies = createAuthCookies({ secret: secrets.jwtSecret, secure: secureCookies });
  // Without SMTP, a server only its own machine can reach (npm start, npm run dev) shows each e-mail in its log, read
  // by the person who uses it; a deployed one never writes a link there.
  const mailGoesToTheLog = settings.NODE_ENV !== 'production' || isLoopbackUrl(settings.PUBLIC_URL);
  const mailer = createMailer(
    {
      smtpUrl: settings.SMTP_URL,
      from: settings.MAIL_FROM ?? `Matome <no-reply@${new URL(settings.PUBLIC_URL).hostname}>`,
      logMailWithoutSmtp: mailGoesToTheLog,
    },
    app.log,
  );
  app.addHook('onClose', () => mailer.drain());
  if (!settings.SMTP_URL && !mailGoesToTheLog) {
    app.log.warn('SMTP_URL is not set: sign-up confirmation and password-reset e-mails cannot be sent');
  }
  const accountSecurityService = createAccountSecurityService({
    tokens: createEmailTokensRepo(database.db),
    auth: authService,
    mailer,
    publicUrl: settings.PUBLIC_URL,
    clock,
  });

  const testModeService = createTestModeService(createTestModeRepo(database.db), {
    testModeEmails: settings.TEST_MODE_EMAILS,
    demoAccounts: settings.DEMO_ACCOUNTS,
  });
  const sampleSources = {
    en: createSampleMessageSource({
      language: 'en',
      perPlatform: settings.SAMPLE_MESSAGES_PER_PLATFORM,
      clock,
    }),
    jp: createSampleMessageSource({
      language: 'jp',
      perPlatform: settings.SAMPLE_MESSAGES_PER_PLATFORM,
      clock,
    }),
  };
  const cache =
    options.cache ?? (redis ? createRedisCache(redis.commands, redis.prefix) : createMemoryCache());
  const liveEvents =
    options.liveEvents ??
    (redis
      ? createRedisLiveEvents({
          publisher: redis.commands,
          subscriber: redis.subscriber,
          prefix: redis.prefix,
          onError: (error) => app.log.error({ err: error }, 'live events channel failed'),
        })
      : createInProcessLiveEvents({ clock }));
  app.addHook('onClose', () => liveEvents.close());
  const sampleTagCatalogues = new Map<Language, SampleTagCatalogue>();
  const tagsService = createTagsService({
    repo: createTagsRepo(database.db),
    dataModeFor: (userId) => testModeService.dataModeFor(userId),
    isDemo: (userId) => testModeService.isDemo(userId),
    sampleCatalogue: (language) => {
      let catalogue = sampleTagCatalogues.get(language);
      if (!catalogue) {
        catalogue = buildSampleTagCatalogue(language, settings.SAMPLE_MESSAGES_PER_PLATFORM);
        sampleTagCatalogues.set(language, catalogue);
      }
      return catalogue;
    },
    onMessageTagsChanged: (userId) => messagesService.tagsChanged(userId),
  });
  const hiddenMessagesService = createHiddenMessagesService({
    repo: createHiddenMessagesRepo(database.db),
    isDemo: (userId) => testModeService.isDemo(userId),
    isSignInLive: (userId, familyId) => authService.isSignInLive(userId, familyId),
    demoHidesMax: settings.SAMPLE_MESSAGES_PER_PLATFORM * platforms.length,
    cache,
  });
  const triageService = createTriageService({
    repo: createTriageRepo(database.db),
    isDemo: (userId) => testModeService.isDemo(userId),
    isSignInLive: (userId, familyId) => authService.isSignInLive(userId, familyId),
    demoMax: settings.SAMPLE_MESSAGES_PER_PLATFORM * platforms.length,
    cache,
    clock,
    // The write is done whether or not the other devices hear of it; they refetch on their next load anyway.
    onChanged: (owner, kinds) =>
      liveEvents.publish(owner.userId, { type: 'triage_changed', kinds, scope: owner.scope }).then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'a triage change could not be sent to live streams'),
      ),
  });
  const connectors = configureConnectors(settings, {
    limiters,
    ...(redis ? { redis: { client: redis.commands, prefix: redis.prefix } } : {}),
    observe: metrics.providerCall,
    observeTokens: metrics.tokenRequest,
  });
  metrics.watchSlackBudget(connectors.slack.callsLeft);
  metrics.watchSessions(sessionsService.countLive);
  const isSampleUser = async (userId: string) =>
    (await testModeService.dataModeFor(userId)).kind === 'sample';
  const cipher = createTokenCipher(secrets.tokenEncryptionKey, secrets.previousTokenEncryptionKeys);
  const connectionsService = createConnectionsService({
    repo: createConnectionsRepo(database.db),
    cipher,
    oauthFlows: createOAuthFlowsService({ repo: createOAuthFlowsRepo(database.db), cipher, clock }),
    providers: connectors.oauth,
    publicUrl: settings.PUBLIC_URL,
    planOf: async (userId) => (await authService.getUser(userId)).planType,
    isRestricted: isSampleUser,
    clock,
    ...(redis ? { refreshLock: createRedisLock(redis.commands, redis.prefix) } : {}),
  });
  const socialSignInService = createSocialSignInService({
    repo: createSocialSignInRepo(database.db),
    flows: createSignInFlows({ repo: createSignInFlowsRepo(database.db), cipher, clock }),
    providers: connectors.signIn,
    publicUrl: settings.PUBLIC_URL,
    clock,
  });
  const oauthFlows = createOAuthFlowsService({ repo: createOAuthFlowsRepo(database.db), cipher, clock });
  const googleWorkspaceService = createGoogleWorkspaceService({
    repo: createGoogleWorkspaceRepo(database.db),
    cipher,
    oauthFlows,
    endpoints: connectors.google,
    api: createGoogleApi({
      apiBase: settings.GOOGLE_API_BASE,
      tasksBase: settings.GOOGLE_TASKS_BASE,
      timeoutMs: settings.PROVIDER_TIMEOUT_MS,
      observe: metrics.providerCall,
    }),
    publicUrl: settings.PUBLIC_URL,
    planGates: settings.PLAN_GATES,
    planOf: async (userId) => (await authService.getUser(userId)).planType,
    clock,
  });
  const repliesAwaited = createRepliesAwaitedService({
    repo: createRepliesAwaitedRepo(database.db),
    clock,
    connectionsOf: async (userId) =>
      (await Promise.all(platforms.map((platform) => connectionsService.listRows(userId, platform)))).flat(),
    markDone: async (userId, items) => {
      await triageService.markDone({ userId, sessionFamilyId: '' }, items);
    },
    onChanged: (userId) =>
      liveEvents.publish(userId, { type: 'replies_changed' }).then(
        () => undefined,
        (error: unknown) =>
          app.log.warn({ err: error }, 'a replies change could not be sent to live streams'),
      ),
  });
  /** What a reply, an event or a gathering tells the replies module never fails what it came with. */
  const noteReplies =
    <A extends unknown[]>(note: (...args: A) => Promise<void>) =>
    (...args: A) =>
      note(...args).catch((error: unknown) =>
        app.log.error({ err: error }, 'recording handled messages or awaited replies failed'),
      );
  const providerCalls = createProviderCalls({
    connections: connectionsService,
    slack: connectors.slack,
    chatwork: connectors.chatwork,
    cache,
    clock,
  });
  const gathering = redis
    ? createGatheringJobs({
        connection: redis.queues,
        bullmq: redis.bullmq,
        prefix: redis.prefix,
        runJobs: options.runJobs ?? false,
        messages: () => messagesService,
        clock,
        onError: (error) => app.log.error({ err: error }, 'background gathering failed'),
        observeWorker: metrics.watchWorker,
      })
    : undefined;
  const onJobError = (job: string, error: unknown) =>
    app.log.error({ err: error, job }, 'background job failed');
  const queueScheduler = redis
    ? createQueueScheduler({
        connection: redis.queues,
        bullmq: redis.bullmq,
        prefix: redis.prefix,
        runJobs: options.runJobs ?? false,
        onError: onJobError,
        observeWorker: metrics.watchWorker,
      })
    : undefined;
  const slackIntake = createSlackIntake({
    db: database.db,
    cache,
    ...(redis ? { redis: { client: redis.commands, prefix: redis.prefix } } : {}),
    liveEvents,
    slack: connectors.slack,
    appToken: settings.SLACK_APP_TOKEN,
    search: (row, sharedMaxAgeSeconds) => providerCalls.gatherSlack(row, sharedMaxAgeSeconds),
    applyLiveChanges: async (userId, changes) => {
      const outcome = await messagesService.applyLiveChanges(userId, 'slack', changes);
      pushNotifications.notifyNew(userId, outcome.added);
      return outcome;
    },
    onMessageDeleted: async (ref) => {
      await triageService.forgetMessage(ref);
      await repliesAwaited.forgetMessage(ref);
    },
    onPosted: noteReplies(repliesAwaited.slackPosted),
    clock,
    ...(redis
      ? {
          queues: {
            connection: redis.queues,
            bullmq: redis.bullmq,
            prefix: redis.prefix,
            runJobs: options.runJobs ?? false,
            observeWorker: metrics.watchWorker,
          },
        }
      : {}),
    connectionOf: (userId, connectionId) =>
      connectionsService.requireConnection(userId, 'slack', connectionId).catch(() => undefined),
    log: app.log,
  });
  metrics.watchQueues({
    gathering: gathering?.counts,
    maintenance: queueScheduler?.counts,
    'slack-history': slackIntake.retries.counts,
  });
  const accountStatsService = createAccountStatsService({ repo: createAccountStatsRepo(database.db), clock });
  const messagesService = createMessagesService({
    dataModeFor: (userId) => testModeService.dataModeFor(userId),
    sources: {
      sample: (language) => sampleSources[language],
      live: createConnectedMessageSource({
        connections: connectionsService,
        calls: providerCalls,
        slackIntake: slackIntake.service,
        clock,
        onUnexpectedError: (error) => app.log.error({ err: error }, 'gathering an account failed'),
      }),
    },
    cache,
    tagsByMessage: (userId, platform) => tagsService.tagsByMessage(userId, platform),
    rulesFor: (userId) => rulesService.messageRules(userId),
    clock,
    ...(gathering ? { onAsked: gathering.asked } : {}),
    onGathered: async (userId, platform, parts) => {
      pushNotifications.notifyGathered(
        userId,
        parts.flatMap((part) => part.messages),
      );
      metrics.gathered(
        platform,
        parts.map((part) => part.stats.status),
      );
      await accountStatsService.recordGathered(userId, platform, parts);
      await noteReplies(repliesAwaited.gathered)(userId, platform, parts);
    },
  });
  const savedViewsService = createSavedViewsService({
    repo: createSavedViewsRepo(database.db),
    dataModeFor: (userId) => testModeService.dataModeFor(userId),
    isDemo: (userId) => testModeService.isDemo(userId),
    referencesOf: async (userId) => {
      const [tags, ...byPlatform] = await Promise.all([
        tagsService.list(userId),
        ...platforms.map((platform) => messagesService.listConnections(userId, platform)),
      ]);
      return {
        tagIds: new Set(tags.map((tag) => tag.id)),
        connectionIds: new Set(byPlatform.flatMap((answer) => answer.connections.map((item) => item.id))),
      };
    },
  });

  const rulesService = createRulesService({
    repo: createRulesRepo(database.db),
    isDemo: (userId) => testModeService.isDemo(userId),
    references: async (userId) => {
      const connections = await Promise.all(
        platforms.map((platform) => messagesService.listConnections(userId, platform)),
      );
      const tags = await tagsService.list(userId);
      return {
        connectionIds: new Set(connections.flatMap((answer) => answer.connections.map(({ id }) => id))),
        tags: new Map(tags.map(({ created_at: _created, updated_at: _updated, ...tag }) => [tag.id, tag])),
      };
    },
    onChanged: async (userId) => {
      await messagesService.rulesChanged(userId);
      // The change is made whether or not the other devices hear of it; they refetch on their next load anyway.
      await liveEvents.publish(userId, { type: 'rules_changed' }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'a rules change could not be sent to live streams');
      });
    },
  });

  const billingService = createBillingService({
    repo: createBillingRepo(database.db),
    stripe: await createStripeBilling(settings),
    publicUrl: settings.PUBLIC_URL,
    emailOf: async (userId) => (await authService.getUser(userId)).email,
    isDemo: (userId) => testModeService.isDemo(userId),
    log: app.log,
  });

  const chatworkWebhooks = createChatworkWebhooksService({
    repo: createLiveRepo(database.db),
    cipher,
    connections: connectionsService,
    liveEvents,
    addLiveMessages: async (userId, messages) => {
      const { added, changed } = await messagesService.applyLiveChanges(userId, 'chatwork', {
        upsert: messages,
      });
      pushNotifications.notifyNew(userId, added);
      await noteReplies(repliesAwaited.othersWrote)(userId, messages);
      return [...added, ...changed];
    },
    publicUrl: settings.PUBLIC_URL,
    chatworkWebUrl: settings.CHATWORK_AUTHORIZE_URL,
  });

  const pushNotifications = createPushNotifications({
    db: database.db,
    settings,
    vapid: secrets.vapid,
    cipher,
    ...(redis ? { redis: { client: redis.commands, prefix: redis.prefix } } : {}),
    isDemo: (userId) => testModeService.isDemo(userId),
    connectedAt: async (userId) =>
      new Map(
        (await Promise.all(platforms.map((platform) => connectionsService.listRows(userId, platform))))
          .flat()
          .map((row) => [row.id, row.createdAt.getTime()]),
      ),
    quietHoursOf: (userId) => rulesService.quietHours(userId),
    isLive: async (userId) => !(await isSampleUser(userId)),
    rulesFor: (userId) => rulesService.messageRules(userId),
    observeSend: metrics.pushSent,
    clock,
    log: app.log,
  });
  app.addHook('onClose', () => pushNotifications.drain());

  const geocodingOrigin = settings.REVERSE_GEOCODING_URL
    ? new URL(settings.REVERSE_GEOCODING_URL).origin
    : null;
  const policy = contentSecurityPolicy(settings.AVATAR_HOSTS, geocodingOrigin ? [geocodingOrigin] : []);
  await registerSecurityHeaders(app, policy, { allowGeolocation: geocodingOrigin !== null });
  await registerCookies(app);
  await registerApiDocs(app, {
    version: appVersion,
    expose: settings.API_DOCS ?? settings.NODE_ENV !== 'production',
  });
  registerAuthentication(app, {
    recall: (token) => authService.recall(token),
    verify: (token) => authService.authenticate(token),
  });
  registerWriteRateLimit(app);

  const healthRepo = createHealthRepo(database.db);
  const readiness = createReadiness([
    { part: 'database', check: async () => (await healthRepo.ping(), true) },
    { part: 'migrations', check: () => healthRepo.migrationsApplied() },
    ...(redis
      ? [{ part: 'redis' as const, check: async () => (await redis.commands.ping()) === 'PONG' }]
      : []),
    ...(gathering && queueScheduler
      ? [
          {
            part: 'queues' as const,
            check: async () => (await Promise.all([gathering.counts(), queueScheduler.counts()]), true),
          },
        ]
      : []),
  ]);
  app.decorate('readiness', readiness);
  // However the app is closed, it answers not ready from the start of closing.
  app.addHook('preClose', async () => readiness.beginStopping());
  await app.register(
    healthRoutes({
      db: database.kind,
      version: appVersion,
      ping: healthRepo.ping,
      readiness,
      slackIntake: () => slackIntake.service.health(),
      ...(redis && gathering && queueScheduler
        ? {
            redis: {
              ping: () => redis.commands.ping(),
              queues: async () => ({
                gathering: await gathering.counts(),
                maintenance: await queueScheduler.counts(),
                ...(slackIntake.retries.counts
                  ? { 'slack-history': await slackIntake.retries.counts() }
                  : {}),
              }),
            },
          }
        : {}),
    }),
    { prefix: '/api' },
  );
  await app.register(
    authRoutes({
      service: authService,
      cookies: authCookies,
      throttle: loginThrottle,
      demo: { accounts: settings.DEMO_ACCOUNTS, password: settings.DEMO_PASSWORD },
      limiters,
    }),
    { prefix: '/api/auth' },
  );
  await app.register(
    accountSecurityRoutes({
      service: accountSecurityService,
      cookies: authCookies,
      registrationsPerHour: settings.REGISTRATIONS_PER_HOUR,
      limiters,
    }),
    { prefix: '/api/auth' },
  );
  await app.register(
    socialSignInRoutes({
      service: socialSignInService,
      auth: authService,
      cookies: authCookies,
      secureCookies,
    }),
    { prefix: '/api/auth' },
  );
  await app.register(
    sessionsRoutes({
      service: sessionsService,
      clearRefreshCookie: (reply) => authCookies.clearRefresh(reply),
    }),
    { prefix: '/api/auth' },
  );
  await app.register(messagesRoutes(messagesService), { prefix: '/api' });
  await app.register(searchRoutes(createSearchService({ messages: messagesService })), { prefix: '/api' });
  await app.register(
    slackEventsRoutes({
      signingSecret: settings.SLACK_SIGNING_SECRET,
      intake: slackIntake.events,
      queue: slackIntake.queue,
      clock,
      observe: { received: metrics.slackEvent, duplicate: metrics.slackDuplicate },
    }),
    { prefix: '/api' },
  );
  await app.register(
    eventStreamRoutes({
      tickets: createStreamTickets(cache),
      liveEvents,
      sessions: {
        isLive: (userId, sessionId) => sessionsService.isLiveInDatabase(userId, sessionId),
        onEnded: (listener) => sessionsService.onEnded(listener),
      },
      heartbeatSeconds: settings.LIVE_HEARTBEAT_SECONDS,
      maxStreamSeconds: settings.LIVE_STREAM_MAX_SECONDS,
      retryMs: 2_000,
      watchOpen: metrics.watchStreams,
    }),
    { prefix: '/api' },
  );
  await app.register(chatworkWebhookRoutes(chatworkWebhooks, metrics.chatworkWebhook), { prefix: '/api' });
  await app.register(chatworkWebhookTokenRoutes(chatworkWebhooks), { prefix: '/api' });
  await app.register(tagsRoutes(tagsService), { prefix: '/api/tags' });
  await app.register(savedViewsRoutes(savedViewsService), { prefix: '/api/saved-views' });
  await app.register(rulesRoutes(rulesService), { prefix: '/api/rules' });
  await app.register(pushNotifications.routes, { prefix: '/api/push' });
  await app.register(hiddenMessagesRoutes(hiddenMessagesService), { prefix: '/api/messages' });
  await app.register(triageRoutes(triageService), { prefix: '/api' });
  await app.register(repliesAwaitedRoutes(repliesAwaited), { prefix: '/api' });
  await app.register(
    connectionsRoutes({
      service: connectionsService,
      calls: providerCalls,
      countShown: async (userId) =>
        (
          await Promise.all(
            platforms.map(
              async (platform) => (await messagesService.listConnections(userId, platform)).connections,
            ),
          )
        ).flat().length,
      onChange: (userId) => messagesService.forgetUser(userId),
      secureCookies,
      onReplied: noteReplies(repliesAwaited.replied),
    }),
    { prefix: '/api' },
  );
  await app.register(billingRoutes(billingService), { prefix: '/api/stripe' });
  await app.register(
    accountRoutes({
      service: createAccountService({
        repo: createAccountRepo(database.db),
        getUser: (userId) => authService.getUser(userId),
        listConnections: async (userId) => ({
          slack: (await messagesService.listConnections(userId, 'slack')).connections,
          chatwork: (await messagesService.listConnections(userId, 'chatwork')).connections,
        }),
        connectionUsage: (userId, shown) => connectionsService.overview(userId, shown),
        googleCalendarStatus: (userId) => googleWorkspaceService.status(userId),
        hasPassword: (userId) => authService.hasPassword(userId),
        confirmPassword: (userId, password) => authService.confirmPassword(userId, password),
        confirmFreshSignIn: (userId, code, browserBinding) =>
          socialSignInService.confirmFreshSignIn(userId, code, browserBinding),
        isDemo: (userId) => testModeService.isDemo(userId),
        hasLiveSubscription: (userId) => billingService.hasLiveSubscription(userId),
        beforeDelete: async (userId) => {
          await Promise.all([connectionsService.revokeAll(userId), billingService.forgetCustomer(userId)]);
        },
        afterDelete: async (userId) => {
          await messagesService.forgetUser(userId);
          await sessionsService.endAll(userId);
        },
      }),
      stats: accountStatsService,
      clearRefreshCookie: (reply) => authCookies.clearRefresh(reply),
    }),
    { prefix: '/api/account' },
  );
  await app.register(googleWorkspaceRoutes({ service: googleWorkspaceService, secureCookies }), {
    prefix: '/api',
  });
  await app.register(
    testModeRoutes(testModeService, (userId) => messagesService.forgetUser(userId)),
    { prefix: '/api' },
  );
  await app.register(onboardingRoutes(createOnboardingService(createOnboardingRepo(database.db))), {
    prefix: '/api/auth/onboarding',
  });
  const digest = createDigest({
    db: database.db,
    secret: secrets.jwtSecret,
    mailer,
    publicUrl: settings.PUBLIC_URL,
    clock,
    messages: messagesService,
    hiddenMessages: hiddenMessagesService,
    triage: triageService,
    rules: rulesService,
    repliesAwaited,
    onError: (error) => app.log.error({ err: error }, 'a morning digest could not be sent'),
  });
  app.decorate('digest', digest);
  await app.register(digestRoutes({ service: digest, publicUrl: settings.PUBLIC_URL }), {
    prefix: '/api/digest',
  });
  const scheduler = queueScheduler ?? createInProcessScheduler({ onError: onJobError });
  // A server that can send no mail at all (no SMTP in production) has no digests to prepare.
  if (settings.SMTP_URL || mailGoesToTheLog) {
    scheduler.every('send-digests', settings.DIGEST_CHECK_SECONDS * 1000, async () => {
      const run = await digest.runDue();
      if (run.sent > 0) app.log.info(run, 'sent morning digests');
    });
  }
  scheduler.every('sweep-ended-demo-hides', settings.DEMO_HIDES_SWEEP_SECONDS * 1000, async () => {
    const removed = await hiddenMessagesService.sweepEndedDemoSignIns();
    if (removed > 0) app.log.info({ removed }, 'removed the hides of ended demo sign-ins');
    const triaged = await triageService.sweepEndedDemoSignIns();
    if (triaged > 0)
      app.log.info({ removed: triaged }, 'removed the snoozes and done marks of ended demo sign-ins');
  });
  scheduler.every('sweep-woken-snoozes', settings.DEMO_HIDES_SWEEP_SECONDS * 1000, async () => {
    const owners = await triageService.sweepWokenSnoozes();
    if (owners > 0) app.log.info({ owners }, 'removed the snoozes that woke a week ago or more');
  });
  scheduler.every('sweep-push-deliveries', settings.DEMO_HIDES_SWEEP_SECONDS * 1000, async () => {
    await pushNotifications.service.sweepDeliveries();
  });
  // What quiet hours held goes out within a minute of their end.
  scheduler.every('release-held-notifications', 60_000, async () => {
    await pushNotifications.service.releaseHeld();
  });
  // Hooks run last-registered first: jobs and queued events finish before the database closes.
  app.addHook('onClose', () => scheduler.close());
  if (gathering) app.addHook('onClose', () => gathering.close());
  app.addHook('onClose', () => slackIntake.close());

  // A worker serves no pages.
  if (!options.runJobs) {
    const supportEmail = settings.SUPPORT_EMAIL ?? `support@${new URL(settings.PUBLIC_URL).hostname}`;
    registerSitemap(app, settings.PUBLIC_URL);
    await registerWebApp(
      app,
      settings.WEB_DIST_DIR,
      (nonce) => pageContentSecurityPolicy(policy, nonce),
      createPageHtml({
        publicUrl: settings.PUBLIC_URL,
        supportEmail,
        reverseGeocodingUrl: settings.REVERSE_GEOCODING_URL ?? null,
      }),
    );
  }
  return app;
}

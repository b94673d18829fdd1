import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Language } from '../contract/auth.ts';
import { isLoopbackUrl, type Settings } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { platforms } from '../contract/messages.ts';
import { configureConnectors } from './connectors/configure-connectors.ts';
import { createMemoryCache, type Cache } from './lib/cache.ts';
import { createInProcessScheduler } from './lib/scheduler.ts';
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
import { createHealthRepo } from './modules/health/health.repo.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createConnectedMessageSource } from './modules/messages/connected-message-source.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { buildSampleTagCatalogue } from './modules/messages/sample-data/sample-tag-catalogue.ts';
import { createSampleMessageSource } from './modules/messages/sample-message-source.ts';
import { createTagsRepo } from './modules/tags/tags.repo.ts';
import { tagsRoutes } from './modules/tags/tags.routes.ts';
import { createTagsService, type SampleTagCatalogue } from './modules/tags/tags.service.ts';
import { createTestModeRepo } from './modules/test-mode/test-mode.repo.ts';
import { testModeRoutes } from './modules/test-mode/test-mode.routes.ts';
import { createTestModeService } from './modules/test-mode/test-mode.service.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerAuthentication } from './plugins/authentication.ts';
import { cookiesAreSecure, registerCookies } from './plugins/cookies.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerGracefulClose } from './plugins/graceful-close.ts';
import { loggerOptions } from './plugins/logging.ts';
import {
  contentSecurityPolicy,
  pageContentSecurityPolicy,
  registerSecurityHeaders,
} from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerWriteRateLimit } from './plugins/write-rate-limit.ts';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
export const appVersion = packageJson.version;

export type AppOptions = {
  settings: Settings;
  secrets: Secrets;
  /** An already-open database; by default one is opened from the settings and closed with the app. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The cache for gathered messages; by default an in-memory one for this process. */
  cache?: Cache;
};

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { settings, secrets } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(settings.LOG_LEVEL),
    genReqId: () => randomUUID(),
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
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR }));
  if (!options.database) app.addHook('onClose', () => database.close());

  const clock = () => Date.now();
  const sessionsService = createSessionsService({ repo: createSessionsRepo(database.db), clock });
  const authService = createAuthService({
    repo: createAuthRepo(database.db),
    accessTokens: createAccessTokens(secrets.jwtSecret),
    sessions: sessionsService,
    clock,
  });
  await authService.ensureDemoAccounts(settings.DEMO_ACCOUNTS, settings.DEMO_PASSWORD);
  const secureCookies = cookiesAreSecure(settings.PUBLIC_URL);
  const authCookies = createAuthCookies({ secret: secrets.jwtSecret, secure: secureCookies });
  const loginThrottle = createLoginThrottle(clock);
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
    throttle: loginThrottle,
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
  const cache = options.cache ?? createMemoryCache();
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
  });
  const hiddenMessagesService = createHiddenMessagesService({
    repo: createHiddenMessagesRepo(database.db),
    isDemo: (userId) => testModeService.isDemo(userId),
    isSignInLive: (userId, familyId) => authService.isSignInLive(userId, familyId),
    cache,
  });
  const connectors = configureConnectors(settings);
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
  });
  const providerCalls = createProviderCalls({
    connections: connectionsService,
    slack: connectors.slack,
    chatwork: connectors.chatwork,
    cache,
    clock,
  });
  const messagesService = createMessagesService({
    dataModeFor: (userId) => testModeService.dataModeFor(userId),
    sources: {
      sample: (language) => sampleSources[language],
      live: createConnectedMessageSource({
        connections: connectionsService,
        calls: providerCalls,
        clock,
        onUnexpectedError: (error) => app.log.error({ err: error }, 'gathering an account failed'),
      }),
    },
    cache,
    tagsByMessage: (userId, platform) => tagsService.tagsByMessage(userId, platform),
    clock,
  });

  const policy = contentSecurityPolicy(settings.AVATAR_HOSTS);
  await registerSecurityHeaders(app, policy);
  await registerCookies(app);
  await registerApiDocs(app, {
    version: appVersion,
    expose: settings.API_DOCS ?? settings.NODE_ENV !== 'production',
  });
  registerAuthentication(app, (token) => authService.authenticate(token));
  registerWriteRateLimit(app);

  await app.register(
    healthRoutes({ db: database.kind, version: appVersion, ping: createHealthRepo(database.db).ping }),
    { prefix: '/api' },
  );
  await app.register(
    authRoutes({
      service: authService,
      cookies: authCookies,
      throttle: loginThrottle,
      demo: { accounts: settings.DEMO_ACCOUNTS, password: settings.DEMO_PASSWORD },
    }),
    { prefix: '/api/auth' },
  );
  await app.register(
    accountSecurityRoutes({
      service: accountSecurityService,
      cookies: authCookies,
      throttle: loginThrottle,
      registrationsPerHour: settings.REGISTRATIONS_PER_HOUR,
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
  await app.register(tagsRoutes(tagsService), { prefix: '/api/tags' });
  await app.register(hiddenMessagesRoutes(hiddenMessagesService), { prefix: '/api/messages' });
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
    }),
    { prefix: '/api' },
  );
  await app.register(
    testModeRoutes(testModeService, (userId) => messagesService.forgetUser(userId)),
    { prefix: '/api' },
  );
  const scheduler = createInProcessScheduler({
    onError: (job, error) => app.log.error({ err: error, job }, 'background job failed'),
  });
  scheduler.every('sweep-ended-demo-hides', settings.DEMO_HIDES_SWEEP_SECONDS * 1000, async () => {
    const removed = await hiddenMessagesService.sweepEndedDemoSignIns();
    if (removed > 0) app.log.info({ removed }, 'removed the hides of ended demo sign-ins');
  });
  // Hooks run last-registered first: jobs stop before the database closes.
  app.addHook('onClose', () => scheduler.close());

  await registerWebApp(app, settings.WEB_DIST_DIR, (nonce) => pageContentSecurityPolicy(policy, nonce));
  return app;
}

import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatworkWebhooks } from '../../db/schema/chatwork-webhooks.ts';
import { googleConnections } from '../../db/schema/google.ts';
import { oauthStates } from '../../db/schema/oauth-states.ts';
import { platformConnections } from '../../db/schema/platform-connections.ts';
import { pushSubscriptions } from '../../db/schema/push-notifications.ts';

export type SealedTokens = { accessTokenEncrypted: string; refreshTokenEncrypted: string | null };
export type SealedConnection = SealedTokens & { id: string };
export type SealedVerifier = { stateHash: string; codeVerifierEncrypted: string };
export type SealedWebhookToken = { connectionId: string; tokenEncrypted: string };
export type SealedPushKeys = { id: string; keysSealed: string };

/** Every sealed provider secret, page by page, for moving them to the current encryption key. */
export function createTokenResealRepo(db: Database) {
  return {
    async connectionsAfter(afterId: string | null, limit: number): Promise<SealedConnection[]> {
      return db
        .select({
          id: platformConnections.id,
          accessTokenEncrypted: platformConnections.accessTokenEncrypted,
          refreshTokenEncrypted: platformConnections.refreshTokenEncrypted,
        })
        .from(platformConnections)
        .where(afterId ? gt(platformConnections.id, afterId) : undefined)
        .orderBy(asc(platformConnections.id))
        .limit(limit);
    },

    /**
     * Replaces a connection's sealed tokens only while they are still the ones read: a token refresh in between
     * has sealed its own with the current key already. False when that happened.
     */
    async replaceConnectionTokens(before: SealedConnection, after: SealedTokens): Promise<boolean> {
      const rows = await db
        .update(platformConnections)
        .set(after)
        .where(
          and(
            eq(platformConnections.id, before.id),
            eq(platformConnections.accessTokenEncrypted, before.accessTokenEncrypted),
            before.refreshTokenEncrypted === null
              ? isNull(platformConnections.refreshTokenEncrypted)
              : eq(platformConnections.refreshTokenEncrypted, before.refreshTokenEncrypted),
          ),
        )
        .returning({ id: platformConnections.id });
      return rows.length > 0;
    },

    /** Google Calendar and Tasks grants, one per user, sealed like the chat connections' tokens. */
    async googleGrantsAfter(afterUserId: string | null, limit: number): Promise<SealedConnection[]> {
      return db
        .select({
          id: googleConnections.userId,
          accessTokenEncrypted: googleConnections.accessTokenEncrypted,
          refreshTokenEncrypted: googleConnections.refreshTokenEncrypted,
        })
        .from(googleConnections)
        .where(afterUserId ? gt(googleConnections.userId, afterUserId) : undefined)
        .orderBy(asc(googleConnections.userId))
        .limit(limit);
    },

    async replaceGoogleGrantTokens(before: SealedConnection, after: SealedTokens): Promise<boolean> {
      const rows = await db
        .update(googleConnections)
        .set(after)
        .where(
          and(
            eq(googleConnections.userId, before.id),
            eq(googleConnections.accessTokenEncrypted, before.accessTokenEncrypted),
            before.refreshTokenEncrypted === null
              ? isNull(googleConnections.refreshTokenEncrypted)
              : eq(googleConnections.refreshTokenEncrypted, before.refreshTokenEncrypted),
          ),
        )
        .returning({ id: googleConnections.userId });
      return rows.length > 0;
    },

    async verifiersAfter(afterHash: string | null, limit: number): Promise<SealedVerifier[]> {
      const rows = await db
        .select({
          stateHash: oauthStates.stateHash,
          codeVerifierEncrypted: oauthStates.codeVerifierEncrypted,
        })
        .from(oauthStates)
        .where(
          and(
            isNotNull(oauthStates.codeVerifierEncrypted),
            afterHash ? gt(oauthStates.stateHash, afterHash) : undefined,
          ),
        )
        .orderBy(asc(oauthStates.stateHash))
        .limit(limit);
      return rows as SealedVerifier[];
    },

    async replaceVerifier(before: SealedVerifier, codeVerifierEncrypted: string): Promise<void> {
      await db
        .update(oauthStates)
        .set({ codeVerifierEncrypted })
        .where(
          and(
            eq(oauthStates.stateHash, before.stateHash),
            eq(oauthStates.codeVerifierEncrypted, before.codeVerifierEncrypted),
          ),
        );
    },

    /** Tokens of ChatWork account webhooks, which verify their deliveries. */
    async webhookTokensAfter(afterId: string | null, limit: number): Promise<SealedWebhookToken[]> {
      return db
        .select({
          connectionId: chatworkWebhooks.connectionId,
          tokenEncrypted: chatworkWebhooks.tokenEncrypted,
        })
        .from(chatworkWebhooks)
        .where(afterId ? gt(chatworkWebhooks.connectionId, afterId) : undefined)
        .orderBy(asc(chatworkWebhooks.connectionId))
        .limit(limit);
    },

    async replaceWebhookToken(before: SealedWebhookToken, tokenEncrypted: string): Promise<void> {
      await db
        .update(chatworkWebhooks)
        .set({ tokenEncrypted })
        .where(
          and(
            eq(chatworkWebhooks.connectionId, before.connectionId),
            eq(chatworkWebhooks.tokenEncrypted, before.tokenEncrypted),
          ),
        );
    },

    /** Push subscriptions' keys (decision 159), sealed like provider tokens. */
    async pushKeysAfter(afterId: string | null, limit: number): Promise<SealedPushKeys[]> {
      return db
        .select({ id: pushSubscriptions.id, keysSealed: pushSubscriptions.keysSealed })
        .from(pushSubscriptions)
        .where(afterId ? gt(pushSubscriptions.id, afterId) : undefined)
        .orderBy(asc(pushSubscriptions.id))
        .limit(limit);
    },

    async replacePushKeys(before: SealedPushKeys, keysSealed: string): Promise<void> {
      await db
        .update(pushSubscriptions)
        .set({ keysSealed })
        .where(and(eq(pushSubscriptions.id, before.id), eq(pushSubscriptions.keysSealed, before.keysSealed)));
    },
  };
}

export type TokenResealRepo = ReturnType<typeof createTokenResealRepo>;

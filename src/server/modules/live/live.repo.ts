import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { chatworkWebhooks } from '../../db/schema/chatwork-webhooks.ts';
import { platformConnections } from '../../db/schema/platform-connections.ts';
import type { ConnectionRow } from '../connections/connections.repo.ts';

/** ChatWork connections' webhooks: the provider names the connection in the URL, not our users. */
export function createLiveRepo(db: Database) {
  return {
    /** A ChatWork connection with its sealed webhook token, when it has one. */
    async chatworkWebhookOf(
      connectionId: string,
    ): Promise<{ row: ConnectionRow; tokenEncrypted: string } | undefined> {
      if (!UUID.test(connectionId)) return undefined;
      const [found] = await db
        .select({ row: platformConnections, tokenEncrypted: chatworkWebhooks.tokenEncrypted })
        .from(chatworkWebhooks)
        .innerJoin(platformConnections, eq(platformConnections.id, chatworkWebhooks.connectionId))
        .where(
          and(eq(chatworkWebhooks.connectionId, connectionId), eq(platformConnections.platform, 'chatwork')),
        )
        .limit(1);
      return found;
    },

    /** When a connection's webhook token was set, if it has one. */
    async chatworkWebhookSetAt(connectionId: string): Promise<Date | undefined> {
      const [found] = await db
        .select({ createdAt: chatworkWebhooks.createdAt })
        .from(chatworkWebhooks)
        .where(eq(chatworkWebhooks.connectionId, connectionId))
        .limit(1);
      return found?.createdAt;
    },

    async setChatworkWebhook(connectionId: string, tokenEncrypted: string): Promise<void> {
      await db
        .insert(chatworkWebhooks)
        .values({ connectionId, tokenEncrypted })
        .onConflictDoUpdate({
          target: chatworkWebhooks.connectionId,
          set: { tokenEncrypted, createdAt: new Date() },
        });
    },

    async clearChatworkWebhook(connectionId: string): Promise<void> {
      await db.delete(chatworkWebhooks).where(eq(chatworkWebhooks.connectionId, connectionId));
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type LiveRepo = ReturnType<typeof createLiveRepo>;

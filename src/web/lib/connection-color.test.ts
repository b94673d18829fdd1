import { describe, expect, it } from 'vitest';
import { TAG_COLORS, type PlatformConnection } from '../../contract/messages.ts';
import { colorOf, connectionColors, tintOf } from './connection-color.ts';

function connection(id: string, createdAt: string): PlatformConnection {
  return {
    id,
    platform: 'chatwork',
    platform_user_id: '1',
    platform_user_name: 'Aiko',
    platform_workspace_id: null,
    platform_workspace_name: null,
    platform_user_email: null,
    platform_avatar_url: null,
    created_at: createdAt,
    last_success_at: null,
    status: 'active',
    is_sample: false,
  };
}

describe('connectionColors', () => {
  it('gives each of the first ten connections its own swatch, by position oldest first', () => {
    // Ids that the earlier hash put on the same swatch (both demo-ja ChatWork accounts were red).
    const connections = Array.from({ length: 10 }, (_, index) =>
      connection(`connection-${9 - index}`, `2026-01-${String(10 + index).padStart(2, '0')}T00:00:00.000Z`),
    );
    const colors = connectionColors(connections);

    expect(new Set(colors.values()).size).toBe(10);
    expect(colors.get('connection-9')).toBe(TAG_COLORS[0]);
    expect(colors.get('connection-0')).toBe(TAG_COLORS[9]);
  });

  it('keeps the colours whatever order the list arrives in', () => {
    const a = connection('a', '2026-01-01T00:00:00.000Z');
    const b = connection('b', '2026-01-02T00:00:00.000Z');
    expect(connectionColors([b, a])).toEqual(connectionColors([a, b]));
  });

  it('falls back to grey for a connection it does not know', () => {
    expect(colorOf(connectionColors([]), 'missing')).toBe('#6B7280');
  });

  it('draws the tint with a 20 alpha suffix', () => {
    expect(tintOf('#EF4444')).toBe('#EF444420');
  });
});
